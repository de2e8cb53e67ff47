import type { GrepPattern } from './grep-regex.js';
import type { LineHit } from './grep-types.js';

const NL = 0x0a;

/**
 * Matching lines of one decoded text; 'files' mode stops at the first. Lines are the text split
 * at `\n` without a final empty one. With a multiline whole-text search (a superset of the line
 * test: a line matching at offset s means the whole text matches at the line's start + s), only
 * the line holding each whole-text match is cut out and tested, so a file with few matches costs
 * one linear scan and no per-line strings.
 */
export function matchLines(text: string, pattern: GrepPattern, firstOnly: boolean): LineHit[] {
  if (pattern.whole === undefined) return matchEveryLine(text, pattern, firstOnly);
  const find = pattern.whole(text);
  const hits: LineHit[] = [];
  let from = 0;
  let lineNo = 1;
  let counted = 0;
  while (from < text.length) {
    const at = find(from);
    if (at === -1) break;
    const start = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
    if (start >= text.length) break;
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < start; nl = text.indexOf('\n', nl + 1)) lineNo++;
    counted = start;
    const line = text.slice(start, end);
    if (pattern.line.test(line)) {
      hits.push({ n: lineNo, text: line });
      if (firstOnly) break;
    }
    from = end + 1;
  }
  return hits;
}

function matchEveryLine(text: string, pattern: GrepPattern, firstOnly: boolean): LineHit[] {
  const hits: LineHit[] = [];
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (pattern.line.test(line)) {
      hits.push({ n: i + 1, text: line });
      if (firstOnly) break;
    }
  }
  return hits;
}

/**
 * Matching lines of a file's bytes, for a pattern with a literal every matching line contains:
 * only the lines holding that literal are decoded (UTF-8 decoding restarts at every `\n`, so a
 * line decoded alone equals the same line cut from the decoded file) and tested.
 */
export function matchRequired(buf: Buffer, required: Buffer, pattern: GrepPattern, firstOnly: boolean): LineHit[] {
  const hits: LineHit[] = [];
  let lineNo = 1;
  let counted = 0;
  let from = 0;
  while (from < buf.length) {
    const at = buf.indexOf(required, from);
    if (at === -1) break;
    const start = at === 0 ? 0 : buf.lastIndexOf(NL, at - 1) + 1;
    let end = buf.indexOf(NL, at);
    if (end === -1) end = buf.length;
    for (let nl = buf.indexOf(NL, counted); nl !== -1 && nl < start; nl = buf.indexOf(NL, nl + 1)) lineNo++;
    counted = start;
    const line = buf.toString('utf8', start, end);
    if (pattern.line.test(line)) {
      hits.push({ n: lineNo, text: line });
      if (firstOnly) break;
    }
    from = end + 1;
  }
  return hits;
}
