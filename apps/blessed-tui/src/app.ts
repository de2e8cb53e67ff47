import type { Widgets } from 'blessed';
import type { Readable, Writable } from 'node:stream';
import type { SessionEvent } from '@coding-harness/protocol';
import type { Session } from '@coding-harness/session';
import type { ClientOptions } from './session-client.js';
import { openTerminal } from './terminal.js';
import { mark } from './timing.js';
import { noColor, Theme } from './theme.js';
import { TuiApp } from './tui-app.js';
import type { Key } from './tui-keys.js';

/** Where and how the TUI runs; every field has a default taken from the process. */
export interface TuiIo {
  input?: Readable;
  output?: Writable;
  /** For `NO_COLOR`; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** terminfo name (tests pass `xterm-256color`); default: blessed reads `TERM`. */
  terminal?: string;
  /** Home directory, to show the work root as `~/…`; default `HOME`. */
  home?: string;
  /**
   * Restore the terminal and exit on SIGTERM/SIGHUP and on an uncaught error. Default: true when
   * drawing on the process's own stdout (tests on in-memory streams leave the process alone).
   */
  handleProcess?: boolean;
  /** Clock for elapsed-time labels; default `Date.now`. */
  now?: () => number;
  /**
   * Keys typed before the screen was up (see `EarlyInput`): they are read first, through the same
   * key handling as everything typed later.
   */
  pending?: Buffer | string;
  /** Called once the screen is up: tests drive and inspect the running TUI through it. */
  onStart?: (app: TuiApp, screen: Widgets.Screen) => void;
}

/** How many colours the terminal's terminfo entry says it has (256 when it does not say). */
function terminalColours(screen: Widgets.Screen): number {
  return Number((screen.tput as unknown as { colors?: number }).colors) || 256;
}

/**
 * Runs the full-screen TUI on `session` until the user quits, then closes the session; resolves
 * with the exit code (0 on quit). A session that started on a stored conversation is drawn from
 * its `history` first. After a quit the conversation is printed on the normal screen (it stays in
 * the terminal's scrollback), then the session id and the command that resumes it. The terminal
 * is restored exactly once on every path: quit, a thrown error (rethrown after restoring),
 * SIGTERM/SIGHUP (exit 143/129) and uncaught errors (exit 1).
 */
export async function runTui(session: Session, client: ClientOptions = {}, io: TuiIo = {}): Promise<number> {
  const history = client.history ?? (session.info.resumed ? await historyOf(session) : undefined);
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stdout;
  const env = io.env ?? process.env;
  const { screen, restore } = openTerminal({ input, output, ...(io.terminal ? { terminal: io.terminal } : {}) });
  const handleProcess = io.handleProcess ?? output === process.stdout;
  let app: TuiApp | undefined;
  const teardown: (() => void)[] = [];
  const cleanup = (): void => {
    app?.stop();
    for (const undo of teardown.splice(0)) undo();
    restore();
  };
  if (handleProcess) installProcessHandlers(cleanup, teardown);
  try {
    app = new TuiApp(
      session,
      { ...client, ...(history ? { history } : {}) },
      screen,
      new Theme(noColor(env), terminalColours(screen)),
      {
        now: io.now ?? Date.now,
        home: io.home ?? env.HOME,
        env,
      },
    );
    const running = app;
    mark('first_frame'); // the constructor drew it
    watchInput(input, running, teardown);
    const onKey = (ch: string | undefined, key: Key): void => running.onKey(ch, key);
    screen.program.on('keypress', onKey);
    teardown.push(() => screen.program.removeListener('keypress', onKey));
    // Every listener is attached: keys typed during start-up go first, then the stream flows
    // (blessed only resumes an input it switched to raw mode itself).
    if (io.pending?.length) input.unshift(io.pending);
    input.resume();
    io.onStart?.(running, screen);
    // After the frame has been written (blessed flushes it on a later tick): the API connection
    // opens while the user types.
    setImmediate(() => session.preconnect());
    const code = await running.done;
    cleanup();
    // Back on the normal screen: the conversation and how to resume it stay in the scrollback.
    output.write(running.farewell(noColor(env)));
    return code;
  } finally {
    cleanup();
    await session.close();
  }
}

/** A resumed session's conversation as the `history` command gives it (none when it fails). */
async function historyOf(
  session: Session,
): Promise<{ sessionId: string; events: readonly SessionEvent[] } | undefined> {
  const result = await session.dispatch({ id: 'tui_history', type: 'history' });
  return result.ok && result.type === 'history' ? result.data : undefined;
}

/**
 * Tracks what blessed's key parser drops or splits: the bracketed-paste markers (raw key
 * sequences on the input stream, which blessed does not pass on) and Alt-Enter (ESC then CR in
 * one chunk, possibly with typed keys around it).
 */
function watchInput(input: Readable, app: TuiApp, teardown: (() => void)[]): void {
  const before = (chunk: Buffer | string): void => {
    const s = chunk.toString();
    app.returns = [];
    for (let i = 0; i < s.length; i++) if (s[i] === '\r') app.returns.push(s[i - 1] === '\x1b');
  };
  const raw = (_ch: unknown, key: { sequence?: string } | undefined): void => app.onRawKey(key?.sequence);
  input.prependListener('data', before);
  input.on('keypress', raw);
  teardown.push(() => {
    input.removeListener('data', before);
    input.removeListener('keypress', raw);
  });
}

function installProcessHandlers(cleanup: () => void, teardown: (() => void)[]): void {
  const exitWith = (code: number) => () => {
    cleanup();
    process.exit(code);
  };
  const onTerm = exitWith(143);
  const onHup = exitWith(129);
  const onCrash = (err: unknown): void => {
    cleanup();
    process.stderr.write(`harness-tui: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  };
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onHup);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  process.on('exit', cleanup);
  teardown.push(() => {
    process.removeListener('SIGTERM', onTerm);
    process.removeListener('SIGHUP', onHup);
    process.removeListener('uncaughtException', onCrash);
    process.removeListener('unhandledRejection', onCrash);
    process.removeListener('exit', cleanup);
  });
}
