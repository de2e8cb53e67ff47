/**
 * The stdio transport, run in a process group of its own. The SDK's `StdioClientTransport`
 * spawns the server in the harness's own group and ends only that one process: a Ctrl-C at the
 * terminal (sent to the whole foreground group) killed every server mid-session, and a server
 * started through a wrapper (`npx`, `uvx`, `sh -c`) left its real process running when the
 * wrapper was killed. Its spawn options cannot be changed, so this is our own transport on the
 * SDK's framing (`ReadBuffer`, `serializeMessage`): the server leads a new group (`detached`,
 * POSIX), Ctrl-C reaches the harness only, and the whole group is ended:
 * - on close: stdin is closed, then SIGTERM to the group after 2 s, SIGKILL after 2 more;
 * - when the server's leader exits on its own (a crash): what it left in its group gets SIGTERM;
 * - when the harness exits (also after an uncaught exception): SIGTERM to every live group.
 * A harness killed with SIGKILL can do nothing; its servers then see their stdin end.
 * On Windows there are no process groups: the process alone is started and killed.
 */
import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Readable } from 'node:stream';
import type { McpSdk } from './sdk.js';

type Transport = InstanceType<McpSdk['InMemoryTransport']>;
type Message = Parameters<Transport['send']>[0];

export interface GroupStdioParams {
  command: string;
  args: readonly string[];
  /** The server's whole environment (server-env.ts): nothing else of the harness's is added. */
  env: Record<string, string>;
  cwd: string;
}

const GROUPS = process.platform !== 'win32';
const GRACE_MS = 2_000;
/** Groups still alive, for the exit hook. */
const live = new Set<number>();
let exitHook = false;

/** Sends `signal` to the group led by `pid` (to `pid` alone without groups); false when none is left. */
export function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(GROUPS ? -pid : pid, signal);
    return true;
  } catch {
    return false;
  }
}

function watchExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const pid of live) signalGroup(pid, 'SIGTERM');
  });
}

/** Resolves once the group is gone or `ms` passed; true when it is gone. */
async function groupGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (signalGroup(pid, 0)) {
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50).unref());
  }
  return true;
}

/** A `Transport` for `connect()`, with the server's stderr and pid. */
export function groupStdioTransport(sdk: McpSdk, params: GroupStdioParams) {
  const buffer = new sdk.ReadBuffer();
  let child: ChildProcess | undefined;
  let closing = false;
  let exited: Promise<void> = Promise.resolve();
  const transport = {
    onclose: undefined as (() => void) | undefined,
    onerror: undefined as ((error: Error) => void) | undefined,
    onmessage: undefined as ((message: Message) => void) | undefined,
    get pid(): number | undefined {
      return child?.pid;
    },
    /** The server's stderr, readable before `start()` (piped through once it runs). */
    stderr: new PassThrough() as Readable,
    async start(): Promise<void> {
      if (child) throw new Error('the stdio transport is already started');
      // Loaded here: a run without a stdio server never loads node:child_process (start-up cost).
      const { spawn } = await import('node:child_process');
      return new Promise<void>((resolve, reject) => {
        const proc = spawn(params.command, [...params.args], {
          env: params.env,
          cwd: params.cwd,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: GROUPS,
          shell: false,
          windowsHide: true,
        });
        child = proc;
        proc.stderr?.pipe(transport.stderr as PassThrough);
        exited = new Promise((done) => proc.once('exit', () => done()));
        proc.once('error', (error) => {
          reject(error);
          transport.onerror?.(error);
        });
        proc.once('spawn', () => {
          if (proc.pid !== undefined && GROUPS) {
            live.add(proc.pid);
            watchExit();
          }
          resolve();
        });
        proc.once('exit', () => {
          // The leader is gone: what it started in its group goes too (a wrapper's real server).
          if (proc.pid !== undefined && !closing) signalGroup(proc.pid, 'SIGTERM');
          if (proc.pid !== undefined) live.delete(proc.pid);
        });
        proc.once('close', () => {
          child = undefined;
          transport.onclose?.();
        });
        proc.stdin?.on('error', (error) => transport.onerror?.(error));
        proc.stdout?.on('error', (error) => transport.onerror?.(error));
        proc.stdout?.on('data', (chunk: Buffer) => {
          buffer.append(chunk);
          for (;;) {
            let message: Message | null;
            try {
              message = buffer.readMessage();
            } catch (error) {
              transport.onerror?.(error as Error);
              continue;
            }
            if (message === null) break;
            transport.onmessage?.(message);
          }
        });
      });
    },
    send(message: Message): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const stdin = child?.stdin;
        if (!stdin) return reject(new Error('the MCP server is not connected'));
        if (stdin.write(sdk.serializeMessage(message))) resolve();
        else stdin.once('drain', resolve);
      });
    },
    async close(): Promise<void> {
      const proc = child;
      closing = true;
      buffer.clear();
      if (proc?.pid === undefined) return;
      const pid = proc.pid;
      try {
        proc.stdin?.end();
      } catch {
        // Already closed: the signals below still end the group.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, GRACE_MS).unref())]);
      if (!(await groupGone(pid, 0))) {
        signalGroup(pid, 'SIGTERM');
        if (!(await groupGone(pid, GRACE_MS))) signalGroup(pid, 'SIGKILL');
      }
      live.delete(pid);
    },
  };
  return transport;
}
