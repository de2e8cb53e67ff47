/**
 * Word wrapping for text that carries SGR colour codes, so the REPL breaks a long line between
 * words instead of letting the terminal cut a word in two. Widths are display columns: wide (CJK,
 * emoji) characters count 2, combining marks 0, escape sequences nothing. A style that spans a
 * break is closed at the end of the row and opened again after the next row's indent, so an
 * indent is never underlined or coloured. Only SGR sequences are expected: the text was sanitized
 * before it was styled, so every other control is already shown as text. Column widths come from
 * `@coding-harness/session/text-width`, the table the TUI lays out with too.
 */
import { charWidth } from '@coding-harness/session/text-width';

const SGR = /\x1b\[[0-9;]*m/y;
const RESET = '\x1b[0m';

/** One piece of styled text: an escape sequence, or one character with its width. */
type Piece = { esc: string } | { ch: string; w: number };

function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < text.length) {
    SGR.lastIndex = i;
    const m = SGR.exec(text);
    if (m) {
      out.push({ esc: m[0] });
      i += m[0].length;
      continue;
    }
    const cp = text.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    out.push({ ch, w: charWidth(cp) });
    i += ch.length;
  }
  return out;
}

/** Display columns of `text`, escape sequences left out. */
export function visibleWidth(text: string): number {
  let w = 0;
  for (const p of pieces(text)) if ('ch' in p) w += p.w;
  return w;
}

/** A word and the spaces before it. */
interface Word {
  gap: Piece[];
  body: Piece[];
}

function words(line: string): Word[] {
  const out: Word[] = [];
  let gap: Piece[] = [];
  let body: Piece[] = [];
  for (const p of pieces(line)) {
    const space = 'ch' in p && p.ch === ' ';
    if (space && body.some((b) => 'ch' in b)) {
      out.push({ gap, body });
      gap = [];
      body = [];
    }
    if (space) gap.push(p);
    else body.push(p);
  }
  if (gap.length > 0 || body.length > 0) out.push({ gap, body });
  return out;
}

const widthOf = (ps: readonly Piece[]): number => ps.reduce((w, p) => w + ('ch' in p ? p.w : 0), 0);

/**
 * `text` as rows of at most `width` columns, broken at spaces where it can and inside a word only
 * when the word alone is wider than a row. `first` starts the first row and `rest` every other
 * (a list item's hanging indent, a quote's bar); a line break in `text` starts a new row.
 */
export function wrapAnsi(text: string, width: number, first = '', rest = first): string[] {
  const rows: string[] = [];
  const limit = Math.max(width, visibleWidth(first) + 1, visibleWidth(rest) + 1);
  let active: string[] = [];
  let row = '';
  let used = 0;
  let empty = true;
  const startRow = (prefix: string): void => {
    row = prefix + active.join('');
    used = visibleWidth(prefix);
    empty = true;
  };
  // A row ends with a reset when a style is open, so the next row's indent is plain.
  const endRow = (): void => void rows.push(active.length > 0 ? row + RESET : row);
  const put = (p: Piece): void => {
    if ('esc' in p) {
      row += p.esc;
      active = p.esc === RESET || p.esc === '\x1b[m' ? [] : [...active, p.esc];
      return;
    }
    // Inside a word wider than a row: break between its characters.
    if (!empty && used + p.w > limit) {
      endRow();
      startRow(rest);
    }
    row += p.ch;
    used += p.w;
    empty = false;
  };
  for (const [n, line] of text.split('\n').entries()) {
    startRow(n === 0 ? first : rest);
    for (const word of words(line)) {
      if (!empty && used + widthOf(word.gap) + widthOf(word.body) > limit) {
        // The spaces at a break are dropped; their escapes still apply.
        for (const p of word.gap) if ('esc' in p) put(p);
        endRow();
        startRow(rest);
      } else for (const p of word.gap) put(p);
      for (const p of word.body) put(p);
    }
    endRow();
  }
  return rows;
}
