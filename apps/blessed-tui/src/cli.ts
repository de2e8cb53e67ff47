import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Writable } from 'node:stream';
import type { SessionInfo } from '@coding-harness/agent';
import type {
  AskMcpServerFn,
  AskTrustFn,
  HarnessEnv,
  HarnessFlags,
  Session,
  TrustAnswer,
} from '@coding-harness/session';
import type { EarlyInput } from './early-input.js';
import type { ClientOptions } from './session-client.js';
import type { SessionPick } from './session-picker.js';
import { shortRoot } from './status-line.js';
import { mark } from './timing.js';

/** Where `harness-tui` reads and writes; the bin passes the process's own. */
export interface CliIo {
  stdout: Writable;
  stderr: Writable;
  env: HarnessEnv;
  cwd: string;
  home?: string;
  /** Both stdin and stdout are terminals; without one the TUI refuses to start (exit 2). */
  tty: boolean;
  /** Keys typed while starting (the bin starts it first thing on a terminal); handed to the screen, or stopped. */
  early?: EarlyInput;
  /**
   * Runs the screen on the session (and closes it); default: the real `runTui` (loaded only here,
   * so usage errors never load blessed).
   */
  run?: (session: Session, client: ClientOptions, pending?: Buffer) => Promise<number>;
  /** `--resume` without an id: picks a session; default: the full-screen picker (`runSessionPicker`). */
  pick?: (sessions: readonly SessionInfo[], root: string, pending?: Buffer) => Promise<SessionPick>;
  /** The repository-trust question (asked while the session is built); default: its own screen (`runTrustQuestion`). */
  askTrust?: (question: Parameters<AskTrustFn>[0], pending?: Buffer) => Promise<TrustAnswer>;
}

const DEMO_FLAG = '--demo-fake';

/** Replaced by the bundler with package.json's version (build.mjs); absent when run from tsc output or source. */
declare const __HARNESS_VERSION__: string | undefined;

/** This package's version, from its package.json (inlined in the bin's bundle). */
export function version(): string {
  if (typeof __HARNESS_VERSION__ === 'string') return __HARNESS_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * `harness-tui` as a function: parses argv with `harness`'s parser, creates the session with the
 * session package (`createSession`, the wiring `harness` uses), then runs the screen on it: the
 * screen is a client of the session protocol, and `/resume` switches sessions in place. Usage
 * problems (a bad flag, `-p`, `skills`, `-C` missing, no credentials, no terminal) are reported on
 * stderr with exit 2 before the screen is taken. Resolves with the exit code; never calls process.exit.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await startSession(argv, io);
  } finally {
    io.early?.stop(); // line mode back on every path that did not hand the keys to a screen
  }
}

async function startSession(argv: readonly string[], io: CliIo): Promise<number> {
  mark('main');
  const args = await import('@coding-harness/session/args');
  mark('args_loaded');
  const demo = argv.includes(DEMO_FLAG);
  const parsed = args.parseHarnessArgs(argv.filter((a) => a !== DEMO_FLAG));
  const fail = (message: string): number => {
    io.stderr.write(`harness-tui: ${message.replace(/\(harness --help/, '(harness-tui --help')}\n`);
    return 2;
  };
  if (!parsed.ok) return fail(parsed.message);
  const flags = parsed.flags;
  if (flags.help) {
    io.stdout.write(args.helpText('harness-tui', 'tui'));
    return 0;
  }
  if (flags.version) {
    io.stdout.write(`harness-tui ${version()}\n`);
    return 0;
  }
  if (flags.print) return fail('-p runs one prompt without a screen: use harness -p');
  if (flags.command) return fail("the 'skills' subcommands belong to harness: use harness skills");
  const runScreen =
    io.run ??
    (async (session: Session, client: ClientOptions, pending?: Buffer) => {
      const { runTui } = await import('./app.js');
      mark('screen_loaded');
      return runTui(session, client, pending ? { pending } : {});
    });
  const run = (session: Session, client: ClientOptions = {}): Promise<number> =>
    runScreen(session, client, io.early?.handOver());
  if (demo) {
    if (!io.tty) return fail('needs a terminal (stdin and stdout must be a TTY)');
    return run((await import('./demo-script.js')).demoSession());
  }
  const wiring = await import('@coding-harness/session');
  mark('wiring_loaded');
  let wanted = flags;
  let note: string | undefined;
  if (flags.resume === '') {
    if (!io.tty)
      return fail('--resume without an id opens a picker and needs a terminal; name the session: --resume <id>');
    const picked = await pickResume(flags, io);
    if (picked === null) return 0;
    wanted = picked.flags;
    note = picked.note;
  }
  const askTrust = trustAsker(io);
  const askMcpServer = mcpAsker(io);
  let session: Session;
  try {
    // The trust question comes before the screen, on one of its own (only on a terminal).
    const home = io.home ?? homedir();
    session = await wiring.createSession(wanted, io.env, {
      home,
      cwd: io.cwd,
      interactive: true,
      ...(askTrust ? { askTrust } : {}),
      ...(askMcpServer ? { askMcpServer } : {}),
    });
  } catch (err) {
    if (err instanceof wiring.UsageError) return fail(err.message);
    throw err;
  }
  mark('harness_built');
  if (!io.tty) {
    await session.close();
    return fail('needs a terminal (stdin and stdout must be a TTY); for scripts use harness -p');
  }
  const prompts = wiring.createPromptHistory({
    env: io.env,
    home: io.home ?? homedir(),
    workroot: session.info.workroot,
  });
  return run(session, { prompts, cwd: io.cwd, ...(note ? { notices: [note] } : {}) });
}

/**
 * `--resume` without an id: the work root's sessions, most recent first, in the picker; the flags
 * with the chosen id, without `--resume` for a new session (also when there are none, with a
 * notice saying so), or null when the user quit the picker. A bad `-C` is left for `buildHarness`.
 */
async function pickResume(flags: HarnessFlags, io: CliIo): Promise<{ flags: HarnessFlags; note?: string } | null> {
  const { resume: _none, ...fresh } = flags;
  const wiring = await import('@coding-harness/session');
  const agent = await import('@coding-harness/agent');
  const workroot = wiring.resolveWorkroot(flags.directory, io.cwd);
  if (typeof workroot !== 'string') return { flags: fresh };
  const home = io.home ?? homedir();
  const store = agent.createSessionStore({ dir: agent.defaultSessionDir(io.env as NodeJS.ProcessEnv, home) });
  const sessions = await wiring.listSessions(store, workroot);
  if (sessions.length === 0)
    return { flags: fresh, note: 'no saved session in this work root yet; starting a new one' };
  const root = shortRoot(workroot, home);
  const pick =
    io.pick ??
    (async (list: readonly SessionInfo[], shown: string, pending?: Buffer) => {
      const { runSessionPicker } = await import('./widgets/session-picker-screen.js');
      return runSessionPicker(list, { root: shown, ...(pending?.length ? { pending } : {}) });
    });
  const chosen = await pick(sessions, root, io.early?.handOver());
  if (chosen.type === 'quit') return null;
  return { flags: chosen.type === 'new' ? fresh : { ...fresh, resume: chosen.id } };
}

/**
 * The trust question for `createSession` on a terminal (none without one: the grants are then
 * absent and a start-up notice names `--trust`, as in `harness -p`), asked at most once.
 */
function trustAsker(io: CliIo): AskTrustFn | undefined {
  if (!io.tty) return undefined;
  let answered: TrustAnswer | undefined;
  const ask =
    io.askTrust ??
    (async (question: Parameters<AskTrustFn>[0], pending?: Buffer) => {
      const { runTrustQuestion } = await import('./widgets/trust-screen.js');
      return runTrustQuestion(question, pending?.length ? { pending } : {});
    });
  return async (question) => (answered ??= await ask(question, io.early?.handOver()));
}

/** The question about each unapproved server of a trusted repository's `.mcp.json`, on a screen of its own (a terminal only). */
function mcpAsker(io: CliIo): AskMcpServerFn | undefined {
  if (!io.tty) return undefined;
  return async (question) => {
    const { runMcpQuestion } = await import('./widgets/mcp-screen.js');
    const pending = io.early?.handOver();
    return runMcpQuestion(question, pending?.length ? { pending } : {});
  };
}
