/**
 * `@coding-harness/session/text-width`: how many terminal columns text takes, for both front
 * ends' wrapping and truncation (one table, so the line REPL and the TUI agree on where a row
 * ends). Wide (CJK, Hangul, fullwidth forms, emoji) code points take 2 columns, combining marks,
 * zero-width spaces and joiners and variation selectors 0. It imports nothing, so a front end can
 * measure text without loading the agent.
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

/**
 * Display width of plain text, code point by code point. Escape sequences and control characters
 * are not expected (front ends sanitize text before they measure it; the line REPL measures styled
 * text with its own escape-aware reader on top of `charWidth`).
 */
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
