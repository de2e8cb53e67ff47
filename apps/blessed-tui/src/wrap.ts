/**
 * Terminal text helpers: truncation and word wrapping, so the transcript can be laid out
 * without a terminal. Widths come from `@coding-harness/session/text-width` (wide CJK and emoji
 * code points count 2 columns, combining marks 0), the table the line REPL wraps with too.
 */
import { charWidth, textWidth } from '@coding-harness/session/text-width';

/** Cuts `s` to at most `width` columns, adding `…` when cut. */
export function truncate(s: string, width: number): string {
  if (textWidth(s) <= width) return s;
  if (width <= 0) return '';
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0) ?? 0);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/** Splits one line (no `\n`) at `width` columns, breaking at spaces when it can and inside words when it must. */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (line.length <= w && textWidth(line) <= w) return [line];
  const out: string[] = [];
  let current = '';
  let currentWidth = 0;
  let lastSpace = -1;
  for (const ch of line) {
    const cw = charWidth(ch.codePointAt(0) ?? 0);
    if (currentWidth + cw > w) {
      if (ch === ' ') {
        out.push(current);
        current = '';
        currentWidth = 0;
        lastSpace = -1;
        continue;
      }
      if (lastSpace > 0) {
        out.push(current.slice(0, lastSpace));
        current = current.slice(lastSpace + 1);
        currentWidth = textWidth(current);
      } else {
        out.push(current);
        current = '';
        currentWidth = 0;
      }
      lastSpace = -1;
    }
    if (ch === ' ') lastSpace = current.length;
    current += ch;
    currentWidth += cw;
  }
  out.push(current);
  return out;
}

/** Splits one line at exactly `width` columns, never at word boundaries (for code and diffs). */
export function hardWrap(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (line.length <= w && textWidth(line) <= w) return [line];
  const out: string[] = [];
  let current = '';
  let currentWidth = 0;
  for (const ch of line) {
    const cw = charWidth(ch.codePointAt(0) ?? 0);
    if (currentWidth + cw > w) {
      out.push(current);
      current = '';
      currentWidth = 0;
    }
    current += ch;
    currentWidth += cw;
  }
  out.push(current);
  return out;
}
