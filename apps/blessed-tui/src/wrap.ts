/**
 * Terminal text helpers: display width and word wrapping, so the transcript can be laid out
 * without a terminal. Wide (CJK, emoji) code points count 2 columns, combining marks 0.
 */

/** Columns one code point takes on a terminal. */
export function charWidth(cp: number): number {
  if (cp < 0x300) return 1;
  if (cp <= 0x36f || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1faff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Display width of a string (control characters are not expected: text is sanitized first, see sanitize.ts). */
export function textWidth(s: string): number {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x300) {
      w += 1;
      continue;
    }
    const cp = s.codePointAt(i) ?? c;
    if (cp > 0xffff) i++;
    w += charWidth(cp);
  }
  return w;
}

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
