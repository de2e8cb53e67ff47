/**
 * Test support for end-to-end runs in tmux: a private tmux server (its own `-L` socket and
 * TMUX_TMPDIR), keys typed as a person would, and bounded polling of the visible screen.
 */
import { execFileSync, spawnSync } from 'node:child_process';

/**
 * The limit of one end-to-end test: a whole session typed step by step, each step waited for.
 * Generous for a busy machine; it only decides how long a broken test takes to fail.
 */
export const E2E_TIMEOUT_MS = 180_000;

/** True when a `tmux` binary runs here. */
export const hasTmux = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;

/** One detached tmux session on a private server; `kill()` removes the server and everything in it. */
export class TmuxSession {
  private readonly base: string[];

  constructor(
    readonly socket: string,
    private readonly env: Record<string, string>,
  ) {
    this.base = ['-u', '-L', socket];
  }

  /** Runs a tmux command against this server and returns its stdout. */
  tmux(...args: string[]): string {
    return execFileSync('tmux', [...this.base, ...args], { env: this.env, encoding: 'utf8' });
  }

  /** Starts `argv` (run directly, no shell) in a `cols` x `rows` detached session named `e2e`. */
  start(argv: string[], cols: number, rows: number): void {
    this.tmux('new-session', '-d', '-s', 'e2e', '-x', String(cols), '-y', String(rows), ...argv);
  }

  /** Types `text` literally. */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'e2e', '-l', text);
  }

  /** Presses keys by tmux name (`Enter`, `C-c`, `Escape`, `y`). */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', 'e2e', ...keys);
  }

  /**
   * Pastes `text` as a terminal does: tmux wraps it in bracketed-paste markers when the program
   * turned bracketed paste on (`paste-buffer -p`), and sends its line ends as CR.
   */
  paste(text: string): void {
    this.tmux('set-buffer', '-b', 'e2e-paste', '--', text);
    this.tmux('paste-buffer', '-p', '-d', '-b', 'e2e-paste', '-t', 'e2e');
  }

  /** The screen and everything scrolled off it (the terminal's scrollback), one line per row. */
  history(): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'e2e');
  }

  /** The visible screen, one line per row. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'e2e');
  }

  /** A pane format variable, e.g. `#{alternate_on}`. */
  pane(format: string): string {
    return this.tmux('display-message', '-p', '-t', 'e2e', format).trim();
  }

  /**
   * Polls the screen every 50 ms until every pattern matches; resolves with that screen. After
   * `timeoutMs` it throws with what was waited for and the last screen, so a failure shows the state.
   */
  async waitFor(patterns: (string | RegExp)[], timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    for (;;) {
      last = this.screen();
      if (patterns.every((p) => (typeof p === 'string' ? last.includes(p) : p.test(last)))) return last;
      if (Date.now() > deadline)
        throw new Error(
          `timed out after ${timeoutMs} ms waiting for ${patterns.map(String).join(', ')}; the screen was:\n${last}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kills the private tmux server (and the processes in its panes); safe to call twice. */
  kill(): void {
    spawnSync('tmux', [...this.base, 'kill-server'], { env: this.env, stdio: 'ignore' });
  }
}
