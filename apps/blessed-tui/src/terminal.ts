import blessed from 'blessed';
import type { Widgets } from 'blessed';
import type { Readable, Writable } from 'node:stream';

/** Where the screen draws and reads keys. */
export interface TerminalIo {
  input: Readable;
  output: Writable;
  /** terminfo name; blessed picks from `TERM` when absent. */
  terminal?: string;
}

const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';

/**
 * A full-screen blessed screen plus the one way to give the terminal back: `restore` is idempotent
 * and safe from any exit path (quit, crash, signal), leaving the normal buffer, cursor and modes.
 */
export function openTerminal(io: TerminalIo): { screen: Widgets.Screen; restore: () => void } {
  const screen = blessed.screen({
    input: io.input as never, // @types/blessed swaps the stream types
    output: io.output as never,
    ...(io.terminal ? { terminal: io.terminal } : {}),
    smartCSR: true,
    fullUnicode: true,
    warnings: false,
    autoPadding: false,
    title: 'harness-tui',
  });
  // A UTF-8 terminal draws box characters itself; ACS (ncurses' fallback) garbles copies and tmux captures.
  const tput = screen.tput as unknown as { unicode: boolean; brokenACS: boolean };
  if (tput.unicode) tput.brokenACS = true;
  screen.program.hideCursor();
  io.output.write(BRACKETED_PASTE_ON);
  let restored = false;
  const restore = (): void => {
    if (restored) return;
    restored = true;
    try {
      io.output.write(BRACKETED_PASTE_OFF);
      screen.destroy();
    } catch {
      // the terminal may already be gone (SIGHUP); nothing left to restore
    }
  };
  return { screen, restore };
}
