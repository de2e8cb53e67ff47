import fs from 'node:fs';
import { MAX_SKILL_BYTES, parseSkillBytes, parseSkillFile, tooLargeProblem } from './validate.js';
import type { ParsedSkillFile } from './validate.js';

/** Files below this size are read in one `pread` into a reused buffer. */
const CHUNK = 64 * 1024;
let scratch: Buffer | undefined;

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

function readOpen(fd: number, file: string): ParsedSkillFile {
  scratch ??= Buffer.allocUnsafe(CHUNK);
  const n = fs.readSync(fd, scratch, 0, CHUNK, 0);
  if (n === CHUNK) {
    const size = fs.fstatSync(fd).size;
    if (size > MAX_SKILL_BYTES) return { ok: false, problem: tooLargeProblem(size, file) };
    return parseSkillBytes(fs.readFileSync(fd), file);
  }
  const text = scratch.toString('utf8', 0, n);
  if (text.includes('\uFFFD')) return parseSkillBytes(scratch.subarray(0, n), file);
  return parseSkillFile(text, file);
}

/**
 * Reads and parses SKILL.md once; never throws. A file under 64 KiB (nearly all of them)
 * costs open, one read and close: discovery does this thousands of times at startup. Larger
 * files are sized first, so one over 1 MiB is refused unread; text that may hold invalid
 * UTF-8 is checked exactly on the bytes.
 */
export function readSkillFile(file: string): ParsedSkillFile {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    return unreadable(file, e);
  }
  try {
    return readOpen(fd, file);
  } catch (e) {
    return unreadable(file, e);
  } finally {
    fs.closeSync(fd);
  }
}

function unreadable(file: string, e: unknown): ParsedSkillFile {
  return {
    ok: false,
    problem: { path: file, message: `SKILL.md cannot be read (${code(e)}): check that it is a readable file` },
  };
}
