/**
 * Test support: the built `harness` REPL on a real terminal (a tmux server per test, 120x40 unless
 * told otherwise),
 * with the raw bytes it writes logged by pipe-pane. `killTmuxServers()` in afterEach ends every
 * server started, even when the test failed.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, WAIT_MS } from './cli.js';

const sockets: string[] = [];

/** Kills every tmux server `onTmux` started (call in afterEach, before the sandboxes are removed). */
export function killTmuxServers(): void {
  for (const socket of sockets.splice(0)) {
    try {
      execFileSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // already gone: the session ended with the harness
    }
  }
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

export interface Term {
  tmux(...args: string[]): string;
  /** The visible screen and 200 lines of scrollback, wrapped lines joined. */
  screen(): string;
  /** The same, each row as the terminal shows it (a wrapped line is two rows). */
  rows(): string[];
  /** Resolves with the screen once it contains `text` (`WAIT_MS` at most). */
  waitFor(text: string): Promise<string>;
  /** Every byte the harness wrote so far. */
  raw(): string;
  /** tmux send-keys (key names such as `Enter`, `Escape`, `M-Enter`, `C-d`, or text). */
  keys(...keys: string[]): void;
  /** Pastes `text` the way a terminal does: tmux paste-buffer, bracketed when the app asked for it. */
  paste(text: string): void;
}

/** Starts `harness <args>` in `root`'s tmux server with exactly `env` (plus TERM). */
export function onTmux(
  root: string,
  args: string[],
  env: Record<string, string>,
  name = 'tmux',
  size: { cols: number; rows: number } = { cols: 120, rows: 40 },
): Term {
  const socket = join(root, `${name}.sock`);
  sockets.push(socket);
  const raw = join(root, `${name}-raw.log`);
  const tmux = (...a: string[]): string => execFileSync('tmux', ['-S', socket, ...a], { encoding: 'utf8' });
  const vars = Object.entries({ ...env, TERM: 'xterm-256color' }).map(([k, v]) => quote(`${k}=${v}`));
  tmux(
    'new-session',
    '-d',
    '-x',
    String(size.cols),
    '-y',
    String(size.rows),
    // The harness starts once pipe-pane logs, so the raw log holds its very first bytes.
    `tmux -S ${quote(socket)} wait-for ${quote(`go-${name}`)}; exec env -i ${vars.join(' ')} ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`,
    // The pane stays after the harness exits, so what it printed last can still be read.
    ';',
    'set-option',
    '-w',
    'remain-on-exit',
    'on',
  );
  tmux('pipe-pane', '-o', `cat >> ${quote(raw)}`);
  tmux('wait-for', '-S', `go-${name}`);
  const screen = (): string => tmux('capture-pane', '-p', '-J', '-S', '-200');
  return {
    tmux,
    screen,
    rows: () => tmux('capture-pane', '-p', '-S', '-200').split('\n'),
    async waitFor(text) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const shown = screen();
        if (shown.includes(text)) return shown;
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${JSON.stringify(text)}; the screen:\n${shown}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    raw: () => {
      try {
        return readFileSync(raw, 'latin1');
      } catch {
        return '';
      }
    },
    keys: (...keys) => void tmux('send-keys', '-t', '0', ...keys),
    paste(text) {
      const file = join(root, `${name}-paste.txt`);
      writeFileSync(file, text);
      tmux('load-buffer', '-b', 'p', file);
      // -p: bracketed when the application turned the mode on; -r: line ends sent as they are.
      tmux('paste-buffer', '-p', '-r', '-b', 'p', '-t', '0');
    },
  };
}
