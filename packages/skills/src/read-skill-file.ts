import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { MAX_SKILL_BYTES, parseSkillBytes, parseSkillFile, tooLargeProblem } from './validate.js';
import type { ParsedSkillFile } from './validate.js';
import { errorCode } from './errno.js';

/** Files below this size are read in one `pread` into a reused buffer. */
const CHUNK = 64 * 1024;
let scratch: Buffer | undefined;

/** Never blocks: a SKILL.md that is a FIFO (a cloned repository may ship one) opens at once. */
const FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

/** The codes `readSkillFileOrCode` hands back instead of a problem, for the caller to word. */
const HANDED_BACK = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

function notRegular(file: string): ParsedSkillFile {
  return {
    ok: false,
    problem: {
      path: file,
      message:
        'SKILL.md is a FIFO, socket or device, not a regular file: it was not read; replace it with a Markdown file',
    },
  };
}

/** True when `fd` is a regular file; a folder throws EISDIR (as reading it would). */
function regular(fd: number): boolean {
  const info = fs.fstatSync(fd);
  if (info.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
  return info.isFile();
}

function readOpen(fd: number, file: string, head: boolean): ParsedSkillFile {
  scratch ??= Buffer.allocUnsafe(CHUNK);
  let n: number;
  try {
    n = fs.readSync(fd, scratch, 0, CHUNK, 0);
  } catch (e) {
    // EAGAIN from a FIFO or terminal opened non-blocking; EISDIR from a folder.
    if (!regular(fd)) return notRegular(file);
    throw e;
  }
  // Nothing (an empty file, or a FIFO with no writer) or a full buffer (a large file, or a device
  // that never ends): only then is the descriptor checked, so a plain SKILL.md costs open, read, close.
  if (n === 0 || n === CHUNK) {
    if (!regular(fd)) return notRegular(file);
    if (n === 0) return parseSkillFile('', file);
    const size = fs.fstatSync(fd).size;
    if (size > MAX_SKILL_BYTES) return { ok: false, problem: tooLargeProblem(size, file) };
    return parseSkillBytes(fs.readFileSync(fd), file);
  }
  if (head) {
    const cut = frontmatterEnd(scratch, n);
    if (cut !== -1) return parseSkillFile(scratch.toString('utf8', 0, cut), file);
  }
  const text = scratch.toString('utf8', 0, n);
  if (text.includes('\uFFFD')) return parseSkillBytes(scratch.subarray(0, n), file);
  return parseSkillFile(text, file);
}

const NL = 0x0a;
const CR = 0x0d;
/** `\n---`: the start of a closing fence line. */
const FENCE_START = Buffer.from('\n---');
/** A body with this many line ends may be over the specification's 500 lines (a note): such a file is parsed whole. */
const NOTE_LINES = 500;

/**
 * Where the frontmatter ends in `bytes[0, n)` (just after the closing `---` line), when the text
 * before it is all discovery needs: the whole of `bytes` is valid UTF-8 (checked natively, so a
 * bad byte in the body is still a problem), no carriage return anywhere (their line ends are
 * left to the text parser), and the body after it has fewer than 500 line ends (so it cannot
 * earn the long-body note). -1 otherwise: the caller parses the whole text, as before. This keeps
 * a long body out of the strings discovery keeps (a description would otherwise pin its whole
 * file in memory for the session).
 */
function frontmatterEnd(bytes: Buffer, n: number): number {
  const view = bytes.subarray(0, n);
  if (view.indexOf(CR) !== -1 || !isUtf8(view)) return -1;
  for (let at = view.indexOf(FENCE_START, 3); at !== -1; at = view.indexOf(FENCE_START, at + 1)) {
    let end = at + FENCE_START.length;
    while (end < n && (view[end] === 0x20 || view[end] === 0x09)) end++;
    if (end < n && view[end] !== NL) continue;
    const cut = end < n ? end + 1 : n;
    if (n - cut < NOTE_LINES) return cut;
    // Counted on a Latin-1 copy (thrown away at once): a 0x0A byte is a line end in UTF-8 too.
    const body = view.toString('latin1', cut, n);
    let lines = 0;
    for (let i = body.indexOf('\n'); i !== -1 && lines < NOTE_LINES; i = body.indexOf('\n', i + 1)) lines++;
    return lines < NOTE_LINES ? cut : -1;
  }
  return -1;
}

/**
 * `readSkillFile`, except that a file that is not there (ENOENT, ENOTDIR) or is a folder (EISDIR)
 * comes back as that code, for discovery to word (a folder without SKILL.md is looked into).
 */
export function readSkillFileOrCode(file: string, head = false): ParsedSkillFile | string {
  let fd: number;
  try {
    fd = fs.openSync(file, FLAGS);
  } catch (e) {
    return HANDED_BACK.has(errorCode(e)) ? errorCode(e) : unreadable(file, e);
  }
  try {
    return readOpen(fd, file, head);
  } catch (e) {
    return HANDED_BACK.has(errorCode(e)) ? errorCode(e) : unreadable(file, e);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads and parses SKILL.md once; never throws and never blocks. A file under 64 KiB (nearly
 * all of them) costs open, one read and close: discovery does this thousands of times at
 * startup. Larger files are sized first, so one over 1 MiB is refused unread; text that may
 * hold invalid UTF-8 is checked exactly on the bytes. It is opened non-blocking, and a FIFO,
 * socket or device is refused with a problem naming it (an empty read or a full buffer is
 * checked on the descriptor before anything more is read).
 */
export function readSkillFile(file: string): ParsedSkillFile {
  const read = readSkillFileOrCode(file);
  return typeof read === 'string' ? unreadable(file, { code: read }) : read;
}

function unreadable(file: string, e: unknown): ParsedSkillFile {
  return {
    ok: false,
    problem: { path: file, message: `SKILL.md cannot be read (${errorCode(e)}): check that it is a readable file` },
  };
}
