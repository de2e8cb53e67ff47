import type { SessionSummary } from '@coding-harness/protocol';
import { shortTime } from '@coding-harness/session';
import { sanitize } from './sanitize.js';
import { textWidth } from '@coding-harness/session/text-width';
import { truncate } from './wrap.js';

/** What the `--resume` picker ended with: a session id, a new session, or quitting before any. */
export type SessionPick = { type: 'resume'; id: string } | { type: 'new' } | { type: 'quit' };

/** What a key did: the selected row moved, or the picker ended. */
export type SessionPickerResult = { type: 'select'; selected: number } | { type: 'done'; pick: SessionPick };

/**
 * One key in the picker, pure: ↑↓ (and PageUp/PageDown, Home/End) move, Enter
 * resumes the selected session, `n` starts a new one, Esc, `q` and Ctrl-C quit. `sessions` are
 * most recent first, as `listSessions` returns them. Other keys change nothing.
 */
export function sessionPickerKey(
  selected: number,
  sessions: readonly SessionSummary[],
  name: string | undefined,
  ch: string | undefined,
  page = 10,
): SessionPickerResult {
  const last = Math.max(0, sessions.length - 1);
  const move = (to: number): SessionPickerResult => ({ type: 'select', selected: Math.max(0, Math.min(last, to)) });
  switch (name ?? '') {
    case 'up':
      return move(selected - 1);
    case 'down':
      return move(selected + 1);
    case 'pageup':
      return move(selected - page);
    case 'pagedown':
      return move(selected + page);
    case 'home':
      return move(0);
    case 'end':
      return move(last);
    case 'return': {
      const s = sessions[selected];
      return { type: 'done', pick: s ? { type: 'resume', id: s.id } : { type: 'new' } };
    }
    case 'escape':
      return { type: 'done', pick: { type: 'quit' } };
  }
  return idle(selected, ch);
}

/** Letters: `n` new session, `q` quit, Ctrl-C quit. */
function idle(selected: number, ch: string | undefined): SessionPickerResult {
  if (ch === 'n') return { type: 'done', pick: { type: 'new' } };
  if (ch === 'q' || ch === '\x03') return { type: 'done', pick: { type: 'quit' } };
  return { type: 'select', selected };
}

/** The picker's heading and key line. */
export const PICKER_TITLE = 'Resume a session';
export const PICKER_KEYS = '↑↓ choose · Enter resume · n new session · Esc quit';

/**
 * The rows of the list at `width` columns, the selected one marked `›`: when it was last used, its
 * first prompt (or `(no prompt)`), and its id at the end when there is room. Text from the
 * session files is sanitized (a stored prompt is data).
 */
export function sessionRows(sessions: readonly SessionSummary[], selected: number, width: number): string[] {
  return sessions.map((s, i) => {
    const mark = i === selected ? '› ' : '  ';
    const when = `${shortTime(s.updatedAt)}  `;
    const title = sanitize(s.title, { multiline: false }) || '(no prompt)';
    const id = `  ${s.id}`;
    const room = width - textWidth(mark) - textWidth(when);
    const withId = room - textWidth(id) >= 20;
    const shown = truncate(title, Math.max(1, withId ? room - textWidth(id) : room));
    const pad = withId ? ' '.repeat(Math.max(0, room - textWidth(id) - textWidth(shown))) : '';
    return `${mark}${when}${shown}${withId ? pad + id : ''}`;
  });
}

/** Which rows are on screen: a window of `height` rows keeping the selected one visible. */
export function visibleWindow(count: number, selected: number, height: number): { start: number; end: number } {
  const start = Math.max(0, Math.min(selected - height + 1, count - height));
  return { start: Math.max(0, start), end: Math.min(count, Math.max(0, start) + height) };
}
