import blessed from 'blessed';
import type { SessionInfo } from '@coding-harness/agent';
import type { Readable, Writable } from 'node:stream';
import {
  PICKER_KEYS,
  PICKER_TITLE,
  sessionPickerKey,
  sessionRows,
  visibleWindow,
  type SessionPick,
} from '../session-picker.js';
import { escapeTags } from '../sanitize.js';
import { openTerminal } from '../terminal.js';
import { noColor, Theme } from '../theme.js';

/** Where the picker draws; the defaults are the process's own terminal. */
export interface SessionPickerIo {
  input?: Readable;
  output?: Writable;
  env?: Record<string, string | undefined>;
  terminal?: string;
  /** Keys typed while starting (the bin's early input), read first. */
  pending?: Buffer | string;
  /** The work root as shown in the heading (`~/proj`). */
  root: string;
}

/**
 * The picker's text (blessed tags) at `width` x `height`: the heading with the work root, the
 * keys, then a window of rows keeping the selected one (bold) in view. Shared by the `--resume`
 * screen and the `/resume` overlay.
 */
export function sessionPickerContent(
  sessions: readonly SessionInfo[],
  selected: number,
  width: number,
  height: number,
  theme: Theme,
  root: string,
): string {
  const rows = sessionRows(sessions, selected, width);
  const { start, end } = visibleWindow(rows.length, selected, Math.max(1, height - 3));
  const shown = rows.slice(start, end).map((row, i) => {
    const text = escapeTags(row);
    return start + i === selected ? theme.wrap('bold', text) : text;
  });
  const head = `${theme.wrap('bold', escapeTags(PICKER_TITLE))} in ${escapeTags(root)}`;
  return [head, theme.wrap('gray-fg', escapeTags(PICKER_KEYS)), '', ...shown].join('\n');
}

/**
 * `harness-tui --resume` without an id: a full screen list of this work root's sessions, most
 * recent first (when, first prompt, id), before the session is built. Resolves with the pick once
 * the terminal is restored; the TUI then opens its own screen on the chosen session.
 */
export function runSessionPicker(sessions: readonly SessionInfo[], io: SessionPickerIo): Promise<SessionPick> {
  const input = io.input ?? process.stdin;
  const output = io.output ?? process.stdout;
  const theme = new Theme(noColor(io.env ?? process.env));
  const { screen, restore } = openTerminal({ input, output, ...(io.terminal ? { terminal: io.terminal } : {}) });
  const box = blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: '100%', tags: true });
  let selected = 0;
  const draw = (): void => {
    const width = Math.max(20, Number(screen.width) || 80);
    const height = Math.max(4, Number(screen.height) || 24);
    box.setContent(sessionPickerContent(sessions, selected, width, height, theme, io.root));
    screen.render();
  };
  return new Promise<SessionPick>((resolve) => {
    const onKey = (ch: string | undefined, key: { name?: string } | undefined): void => {
      const r = sessionPickerKey(selected, sessions, key?.name, ch);
      if (r.type === 'select') {
        selected = r.selected;
        draw();
        return;
      }
      screen.program.removeListener('keypress', onKey);
      screen.removeListener('resize', draw);
      restore();
      resolve(r.pick);
    };
    screen.program.on('keypress', onKey);
    screen.on('resize', draw);
    draw();
    if (io.pending?.length) input.unshift(io.pending);
    input.resume();
  });
}
