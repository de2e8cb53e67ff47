/**
 * The whole of one tool result in a full-screen viewer (Ctrl-O on an expanded result that does
 * not show all it printed): every line, numbered, scrolled by keys. Pure: the state and the keys;
 * `widgets/result-viewer-view.ts` draws it. The text is what the session kept (`/expand`), so
 * it is sanitized here like everything else the TUI shows.
 */
import { sanitize } from './sanitize.js';
import { hardWrap } from './wrap.js';

export interface ViewerState {
  /** The call's line (`● bash: seq 5000  (exit 0 · 5,000 lines)`). */
  readonly title: string;
  /** The result's lines, sanitized, unwrapped. */
  readonly lines: readonly string[];
  /** The first row on screen, in rows of the text wrapped to the viewer's width. */
  readonly top: number;
}

/** One screen row: the text and the number of the line it starts (absent on a wrapped line's later rows). */
export interface ViewerRow {
  number?: number;
  text: string;
}

export const VIEWER_KEYS = '↑↓ PgUp PgDn Home End · q closes';

/** A viewer on `text` (its trailing line end dropped), at the top. */
export function openViewer(title: string, text: string): ViewerState {
  return { title, lines: sanitize(text).replace(/\n$/, '').split('\n'), top: 0 };
}

/** The gutter's width for `lines` lines: the widest number and a space. */
function gutter(lines: number): number {
  return String(lines).length + 1;
}

/** Every row of the text at `width` (gutter included), each line hard-wrapped to what is left. */
export function viewerRows(v: ViewerState, width: number): ViewerRow[] {
  const room = Math.max(1, width - gutter(v.lines.length) - 2);
  const rows: ViewerRow[] = [];
  v.lines.forEach((line, i) => {
    hardWrap(line, room).forEach((text, j) => rows.push(j === 0 ? { number: i + 1, text } : { text }));
  });
  return rows;
}

/** The row a view may start at, kept between the first and the last screenful. */
function clamp(top: number, rows: number, height: number): number {
  return Math.max(0, Math.min(top, rows - height));
}

/** Rows of text a viewer `height` rows high shows (its title and footer take one each). */
function bodyRows(height: number): number {
  return Math.max(1, height - 2);
}

/**
 * One key in a viewer `width` x `height`: the moved viewer, or `close` (q, Esc, Enter; the app
 * closes it on Ctrl-O too). Other keys do nothing.
 */
export function viewerKey(
  v: ViewerState,
  name: string | undefined,
  ch: string | undefined,
  width: number,
  height: number,
): ViewerState | 'close' {
  const rows = viewerRows(v, width).length;
  const body = bodyRows(height);
  const page = Math.max(1, body - 1);
  const by: Record<string, number> = {
    up: -1,
    k: -1,
    down: 1,
    j: 1,
    pageup: -page,
    b: -page,
    pagedown: page,
    space: page,
    home: -rows,
    g: -rows,
    end: rows,
    G: rows,
  };
  if (name === 'escape' || name === 'return' || name === 'enter' || ch === 'q') return 'close';
  const step = by[ch === 'G' ? 'G' : (name ?? '')] ?? (ch === ' ' ? page : undefined);
  if (step === undefined) return v;
  const top = clamp(clamp(v.top, rows, body) + step, rows, body);
  return top === v.top ? v : { ...v, top };
}

/**
 * What one frame of the viewer shows at `width` x `height` (the title, the rows, the footer):
 * the window of rows from `top` with their line numbers, and which lines it covers.
 */
export function viewerFrame(
  v: ViewerState,
  width: number,
  height: number,
): { title: string; rows: string[]; footer: string } {
  const all = viewerRows(v, width);
  const body = bodyRows(height);
  const top = clamp(v.top, all.length, body);
  const shown = all.slice(top, top + body);
  const g = gutter(v.lines.length);
  const rows = shown.map((r) => `${(r.number === undefined ? '' : String(r.number)).padStart(g - 1)} │ ${r.text}`);
  const numberAt = (row: number): number => {
    for (let i = row; i >= 0; i--) if (all[i]?.number !== undefined) return all[i]?.number ?? 1;
    return 1;
  };
  const count = (n: number): string => n.toLocaleString('en-US');
  const first = numberAt(top);
  const last = numberAt(top + shown.length - 1);
  const footer = `lines ${count(first)}–${count(last)} of ${count(v.lines.length)} · ${VIEWER_KEYS}`;
  return { title: v.title, rows, footer };
}
