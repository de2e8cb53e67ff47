import blessed from 'blessed';
import type { Readable, Writable } from 'node:stream';
import { openTerminal } from '../terminal.js';
import { noColor, Theme } from '../theme.js';

/** Where a pre-screen draws; the defaults are the process's own terminal. */
export interface PreScreenIo {
  input?: Readable;
  output?: Writable;
  env?: Record<string, string | undefined>;
  terminal?: string;
  /** Keys typed while starting (the bin's early input), read first. */
  pending?: Buffer | string;
}

/** What a key does on a pre-screen: move the selection, or end the screen with a value. */
export type PreScreenKey<T> = { type: 'select'; selected: number } | { type: 'done'; value: T };

/** One question or list shown before the session's own screen: its text and its keys. */
export interface PreScreen<T> {
  initial: number;
  /** The whole screen's text (blessed tags) for a selection at the screen's size. */
  content(selected: number, size: { width: number; height: number }, theme: Theme): string;
  key(selected: number, name: string | undefined, ch: string | undefined): PreScreenKey<T>;
}

/**
 * Runs `view` on a full terminal screen of its own (redrawn on resize) until a key ends it, then
 * restores the terminal and resolves with that key's value. The trust question and the
 * `--resume` picker are both such screens, shown before the TUI's own screen opens.
 */
export function runPreScreen<T>(view: PreScreen<T>, io: PreScreenIo = {}): Promise<T> {
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stdout;
  const theme = new Theme(noColor(io.env ?? process.env));
  const { screen, restore } = openTerminal({ input, output, ...(io.terminal ? { terminal: io.terminal } : {}) });
  const box = blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: '100%', tags: true });
  let selected = view.initial;
  const draw = (): void => {
    const size = { width: Math.max(20, Number(screen.width) || 80), height: Math.max(4, Number(screen.height) || 24) };
    box.setContent(view.content(selected, size, theme));
    screen.render();
  };
  return new Promise<T>((resolve) => {
    const onKey = (ch: string | undefined, key: { name?: string } | undefined): void => {
      const r = view.key(selected, key?.name, ch);
      if (r.type === 'select') {
        selected = r.selected;
        draw();
        return;
      }
      screen.program.removeListener('keypress', onKey);
      screen.removeListener('resize', draw);
      restore();
      resolve(r.value);
    };
    screen.program.on('keypress', onKey);
    screen.on('resize', draw);
    draw();
    if (io.pending?.length) input.unshift(io.pending);
    input.resume();
  });
}
