/**
 * `harness --acp`: the harness as an Agent Client Protocol agent, the third front end over the
 * same `Session` (after `-p` and the REPL). JSON-RPC 2.0, one message a line, on stdin/stdout;
 * stdout carries the protocol only, every diagnostic goes to stderr.
 *
 * `initialize` says what the agent takes (protocol 1, `session/load`, embedded text resources; no
 * images or audio yet: the session is text only). `session/new` builds a `Session` with the flags
 * this process was started with and the editor's `cwd` as the work root; its id is the harness
 * session id, so `session/load` resumes the stored session of that id and replays it. When the
 * editor offers `fs/read_text_file` / `fs/write_text_file`, the file tools read and write text
 * files through it (unsaved buffers included), behind the same checks as on disk. Every session
 * is closed when the editor closes the pipe or the process gets SIGINT or SIGTERM.
 */
import { isAbsolute } from 'node:path';
import type { AgentContext, ClientCapabilities } from '@agentclientprotocol/sdk';
import type { HarnessFlags } from '@coding-harness/session';
import { createSession, UsageError } from '@coding-harness/session';
import type { TextFileIo } from '@coding-harness/tools';
import type { CliIo } from '../io.js';
import { VERSION } from '../version.js';
import { createAcpSession } from './acp-session.js';
import type { AcpSession } from './acp-session.js';
import { loadAcp } from './sdk.js';
import type { Acp } from './sdk.js';
import { readableOf, writableOf } from './streams.js';

/** Exit codes: the editor closed the pipe (0), a signal (128 + its number), the SDK missing (1). */
const EXIT = { closed: 0, failed: 1, SIGINT: 130, SIGTERM: 143 } as const;

/** The file tools' text I/O through the editor, for the capabilities it offered. */
function editorFiles(client: AgentContext, caps: ClientCapabilities | undefined, sessionId: () => string): TextFileIo {
  const files: TextFileIo = {};
  if (caps?.fs?.readTextFile === true)
    files.readText = async (path) =>
      (await client.request('fs/read_text_file', { sessionId: sessionId(), path })).content;
  if (caps?.fs?.writeTextFile === true)
    files.writeText = async (path, content) => {
      await client.request('fs/write_text_file', { sessionId: sessionId(), path, content });
    };
  return files;
}

/** Serves ACP on `io` until the editor closes the pipe or a signal comes; resolves to the exit code. */
export async function runAcp(flags: HarnessFlags, io: CliIo): Promise<number> {
  const acp = loadAcp();
  if (acp instanceof Error) {
    io.stderr.write(`harness: ${acp.message}\n`);
    return EXIT.failed;
  }
  const warn = (message: string): void => void io.stderr.write(`harness --acp: ${message}\n`);
  const sessions = new Map<string, AcpSession>();
  let clientCaps: ClientCapabilities | undefined;

  /** A harness session for the editor's `cwd` (resuming `resume` when given), with its files through the editor. */
  const open = async (client: AgentContext, cwd: string, mcpServers: readonly unknown[], resume?: string) => {
    if (!isAbsolute(cwd)) throw acp.RequestError.invalidParams({ cwd }, `cwd must be an absolute path, got '${cwd}'`);
    if (mcpServers.length > 0)
      warn(`the editor named ${mcpServers.length} MCP server(s); this agent does not connect to MCP servers yet`);
    let id = resume ?? '';
    const wanted: HarnessFlags = { ...flags, directory: cwd, ...(resume !== undefined ? { resume } : {}) };
    try {
      const session = await createSession(wanted, io.env, {
        home: io.home,
        cwd,
        files: editorFiles(client, clientCaps, () => id),
        // An editor is driven by a person: pauses outlast 5 minutes, so the 1-hour TTL.
        interactive: true,
      });
      id = session.status().sessionId;
      for (const message of session.info.startupMessages) warn(message);
      const acpSession = createAcpSession({ id, session, client, warn });
      sessions.set(id, acpSession);
      return acpSession;
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      throw resume !== undefined ? notFound(acp, resume, err.message) : new acp.RequestError(-32603, err.message);
    }
  };
  const known = (sessionId: string): AcpSession => {
    const found = sessions.get(sessionId);
    if (!found) throw acp.RequestError.sessionNotFound(sessionId);
    return found;
  };

  const app = acp
    .agent({ name: 'harness' })
    .onRequest('initialize', ({ params }) => {
      clientCaps = params.clientCapabilities;
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: false, audio: false, embeddedContext: true },
        },
        agentInfo: { name: 'harness', title: 'coding-harness', version: VERSION },
        authMethods: [],
      };
    })
    .onRequest('session/new', async ({ params, client }) => {
      const session = await open(client, params.cwd, params.mcpServers);
      // After the response, which tells the editor the session id the list belongs to.
      setImmediate(() => void session.advertise());
      return { sessionId: session.id };
    })
    .onRequest('session/load', async ({ params, client }) => {
      const session =
        sessions.get(params.sessionId) ?? (await open(client, params.cwd, params.mcpServers, params.sessionId));
      await session.replay();
      await session.advertise();
      return {};
    })
    .onRequest('session/prompt', async ({ params, signal }) => {
      const session = known(params.sessionId);
      const onAbort = (): void => session.cancel();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const outcome = await session.prompt(params.prompt);
        if ('error' in outcome) throw new acp.RequestError(-32603, outcome.error);
        return { stopReason: outcome.stopReason };
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    })
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });

  const connection = app.connect(acp.ndJsonStream(writableOf(io.stdout), readableOf(io.stdin)));
  // The editor closing the pipe ends the connection; a signal ends it from this side.
  let exitCode: number = EXIT.closed;
  let stop: (code: number) => void = () => undefined;
  const signalled = new Promise<void>((resolve) => {
    stop = (code) => {
      exitCode = code;
      resolve();
    };
  });
  const offInt = io.onInterrupt(() => stop(EXIT.SIGINT));
  const offTerm = io.onTerminate?.(() => stop(EXIT.SIGTERM));
  await Promise.race([connection.closed, signalled]);
  offInt();
  offTerm?.();
  await Promise.all([...sessions.values()].map((s) => s.close().catch((err: unknown) => warn(String(err)))));
  sessions.clear();
  connection.close();
  return exitCode;
}

function notFound(acp: Acp, sessionId: string, message: string) {
  return new acp.RequestError(-32002, `Resource not found: ${message}`, { sessionId });
}
