import fs from 'node:fs';

/** A skill body longer than this (UTF-8 bytes) is cut, with a pointer to read the rest through read_file. */
export const MAX_SKILL_BODY_BYTES = 256 * 1024;

/** The body as sent, and where the rest starts when it was cut. */
export interface CappedBody {
  body: string;
  /** The pointer paragraph appended after a cut body, or '' when nothing was cut. */
  pointer: string;
}

/**
 * Cuts a body over `max` bytes at the last line break within the limit (or at the limit inside
 * one huge line, never inside a character), and writes a pointer naming SKILL.md and the 1-based
 * line where the rest starts, as read_file's `offset` takes it (frontmatter lines included). When
 * the file on disk no longer holds this body the pointer names the body's line instead.
 */
export function capSkillBody(body: string, file: string, max = MAX_SKILL_BODY_BYTES): CappedBody {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes <= max) return { body, pointer: '' };
  const buf = Buffer.from(body, 'utf8');
  let end = max;
  // Never inside a character: step back over UTF-8 continuation bytes.
  while (end > 0 && ((buf[end] ?? 0) & 0xc0) === 0x80) end--;
  let kept = buf.subarray(0, end).toString('utf8');
  const lastBreak = kept.lastIndexOf('\n');
  if (lastBreak > 0) kept = kept.slice(0, lastBreak + 1);
  const bodyLine = countLines(kept) + 1;
  const restLine = headerLines(file, body) + bodyLine;
  const keptKiB = Math.round(Buffer.byteLength(kept, 'utf8') / 1024);
  const where = Number.isNaN(restLine)
    ? `from line ${bodyLine} of its body`
    : `with read_file {"path": ${JSON.stringify(file)}, "offset": ${restLine}}`;
  const pointer = `[This skill's instructions are cut here: the first ${keptKiB} KiB of ${Math.round(bytes / 1024)} KiB are above. Read the rest of ${file} ${where}, continuing from where each read stops.]`;
  return { body: kept, pointer };
}

/** Lines in `text` that end with a line break (the body is counted the same way). */
function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Lines of SKILL.md before `body` (the frontmatter and its fences); NaN when the file no longer ends with it. */
function headerLines(file: string, body: string): number {
  try {
    const raw = fs.readFileSync(file, 'utf8');
    const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
    return text.endsWith(body) ? countLines(text.slice(0, text.length - body.length)) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
