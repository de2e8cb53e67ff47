import type { SessionSummary } from '@coding-harness/protocol';
import {
  PICKER_KEYS,
  PICKER_TITLE,
  sessionPickerKey,
  sessionRows,
  visibleWindow,
  type SessionPick,
} from '../session-picker.js';
import { escapeTags } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { runPreScreen } from './pre-screen.js';
import type { PreScreenIo } from './pre-screen.js';

/** Where the picker draws; the defaults are the process's own terminal. */
export interface SessionPickerIo extends PreScreenIo {
  /** The work root as shown in the heading (`~/proj`). */
  root: string;
}

/**
 * The picker's text (blessed tags) at `width` x `height`: the heading with the work root, the
 * keys, then a window of rows keeping the selected one (bold) in view. Shared by the `--resume`
 * screen and the `/resume` overlay.
 */
export function sessionPickerContent(
  sessions: readonly SessionSummary[],
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
export function runSessionPicker(sessions: readonly SessionSummary[], io: SessionPickerIo): Promise<SessionPick> {
  return runPreScreen<SessionPick>(
    {
      initial: 0,
      content: (selected, size, theme) =>
        sessionPickerContent(sessions, selected, size.width, size.height, theme, io.root),
      key: (selected, name, ch) => {
        const r = sessionPickerKey(selected, sessions, name, ch);
        return r.type === 'select' ? r : { type: 'done', value: r.pick };
      },
    },
    io,
  );
}
