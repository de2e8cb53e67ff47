import type { Line, Span, Style } from './lines.js';
import { hardWrap, wrapLine } from './wrap.js';

/** `**bold**` and `__bold__` (not inside `` `code` ``); the code alternative keeps its text as typed. */
const INLINE = /(`[^`\n]*`)|\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__/g;

/**
 * One line's inline markdown: `**bold**` / `__bold__` become bold spans with their markers
 * removed; inline code keeps its backticks (they are informative, and `**` inside it is literal).
 * Returns the plain text and the bold ranges (offsets into it).
 */
export function inlineBold(line: string): { plain: string; bold: [number, number][] } {
  let plain = '';
  const bold: [number, number][] = [];
  let last = 0;
  for (const m of line.matchAll(INLINE)) {
    const at = m.index;
    plain += line.slice(last, at);
    const inner = m[2] ?? m[3];
    if (inner === undefined) plain += m[0];
    else {
      bold.push([plain.length, plain.length + inner.length]);
      plain += inner;
    }
    last = at + m[0].length;
  }
  return { plain: plain + line.slice(last), bold };
}

/** Word-wraps `text` at `width` with the `bold` ranges as `strong` spans on each piece. */
function wrapStyled(text: string, bold: readonly [number, number][], width: number, style: Style): Line[] {
  const pieces = wrapLine(text, width);
  if (bold.length === 0) return pieces.map((piece) => ({ text: piece, style }));
  let pos = 0;
  return pieces.map((piece) => {
    const start = text.indexOf(piece, pos);
    pos = start + piece.length;
    const spans: Span[] = [];
    let at = 0;
    for (const [b, e] of bold) {
      const from = Math.max(b - start, at);
      const to = Math.min(e - start, piece.length);
      if (to <= from) continue;
      if (from > at) spans.push({ text: piece.slice(at, from), style });
      spans.push({ text: piece.slice(from, to), style: 'strong' });
      at = to;
    }
    if (at < piece.length) spans.push({ text: piece.slice(at), style });
    return spans.some((s) => s.style === 'strong') ? { text: piece, style, spans } : { text: piece, style };
  });
}

/**
 * Assistant text (already sanitized) as screen lines: fenced code set apart (a gutter, the code
 * style, hard-wrapped, nothing parsed inside), headings bold without their `#`, list bullets as
 * `•`, quotes behind a `│` in the dim style, a rule as a line, and `**bold**` bold. Everything else
 * is word-wrapped as written. A reply is drawn as the model wrote it, never reflowed across lines.
 */
export function markdownLines(text: string, width: number): Line[] {
  const out: Line[] = [];
  let inCode = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      out.push({ text: inCode ? `┌ ${line.trim().slice(3) || 'code'}` : '└', style: 'fence' });
      continue;
    }
    if (inCode) {
      for (const part of hardWrap(line, width - 2)) out.push({ text: `│ ${part}`, style: 'code' });
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      out.push(...wrapStyled(inlineBold(heading[1] ?? '').plain, [], width, 'heading'));
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push({ text: '─'.repeat(Math.max(1, Math.min(width, 40))), style: 'fence' });
      continue;
    }
    const quote = /^\s*>\s?(.*)$/.exec(line);
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    const shown = quote ? `│ ${quote[1] ?? ''}` : bullet ? `${bullet[1] ?? ''}• ${bullet[2] ?? ''}` : line;
    const { plain, bold } = inlineBold(shown);
    out.push(...wrapStyled(plain, bold, width, quote ? 'dim' : 'assistant'));
  }
  return out;
}
