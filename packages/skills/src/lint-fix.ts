import path from 'node:path';
import { readRegularFile, refusalText } from './read-regular.js';
import { MAX_SKILL_BYTES, parseSkillFile } from './validate.js';
import { replaceRegularFile } from './write-regular.js';

/** What `fixSkillName` did to one SKILL.md. */
export type NameFix =
  | { fixed: true; path: string; before: string; after: string }
  | { fixed: false; path: string; message: string };

/** A top-level `name:` line: the key at column 0, then the rest of the line. */
const NAME_LINE = /^name[ \t]*:(.*)$/;

/**
 * Rewrites the `name:` line of a SKILL.md whose name disagrees with its folder to
 * `name: <folder>`, only when that change alone makes the skill load. Every other byte is kept:
 * the BOM, the line endings, the other keys, the body. Never throws; a file it cannot fix (no
 * single-line `name:`, another problem as well, unreadable, not a regular file) comes back as
 * `fixed: false` with the reason, and is left untouched. The file is read without blocking and
 * replaced whole (a temporary file, then a rename), so a FIFO or device is never waited on or
 * replaced, and an interrupted fix never leaves half a SKILL.md.
 */
export function fixSkillName(file: string): NameFix {
  const no = (message: string): NameFix => ({ fixed: false, path: file, message });
  const read = readRegularFile(file, MAX_SKILL_BYTES);
  if (!read.ok) return no(read.why === 'error' ? `cannot be read (${read.code})` : refusalText(read));
  const text = read.bytes.toString('utf8');
  if (parseSkillFile(text, file).ok) return no('already loads; nothing to fix');
  const folder = path.basename(path.dirname(file));
  const line = nameLine(text);
  if (line === undefined) return no('has no one-line top-level `name:` in its frontmatter to rewrite');
  const before = text.slice(line.start, line.end);
  // Plain first; quoted when YAML would read the plain text as something else and it fails.
  let after = `name: ${folder}`;
  let fixedText = text.slice(0, line.start) + after + text.slice(line.end);
  let check = parseSkillFile(fixedText, file);
  if (!check.ok) {
    after = `name: "${folder}"`;
    fixedText = text.slice(0, line.start) + after + text.slice(line.end);
    check = parseSkillFile(fixedText, file);
  }
  if (!check.ok) return no(`was not changed: renaming is not enough (${check.problem.message})`);
  const error = replaceRegularFile(file, fixedText);
  if (error !== undefined) return no(`cannot be written: ${error}`);
  return { fixed: true, path: file, before, after };
}

/**
 * The span of the frontmatter's top-level `name:` line (without its line ending), when its value
 * sits on that line alone: a block scalar (`name: >`) or a value continued on indented lines is
 * left to the author.
 */
function nameLine(text: string): { start: number; end: number } | undefined {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const bare = i === 0 && content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
    if (i > 0 && /^---[ \t]*$/.test(bare)) return undefined;
    const m = i > 0 ? NAME_LINE.exec(bare) : null;
    if (m) {
      const value = (m[1] ?? '').trim();
      const next = lines[i + 1] ?? '';
      if (/^[|>]/.test(value) || /^[ \t]+\S/.test(next)) return undefined;
      return { start: offset, end: offset + content.length };
    }
    offset += raw.length + 1;
  }
  return undefined;
}
