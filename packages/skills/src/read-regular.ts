import fs from 'node:fs';
import { errorCode } from './errno.js';

/**
 * What `readRegularFile` found: the bytes, or why there are none. `missing` is a file that is
 * not there (ENOENT, ENOTDIR); `not-regular` a FIFO, socket, device or folder (never read);
 * `too-large` a file over the limit (never read; `size` in bytes); `error` any other failure
 * with its code.
 */
export type RegularRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; why: 'missing' | 'not-regular' | 'error'; code: string }
  | { ok: false; why: 'too-large'; code: 'EFBIG'; size: number };

/** Opened without blocking: a FIFO (a cloned repository may ship one) must not hang the open. */
const FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

/**
 * Reads a file that came from a folder the user does not control (AGENTS.md, `.gitignore`,
 * plugin.json...) without ever blocking or reading without end: it is opened non-blocking and
 * checked on the descriptor before any byte is read, so a FIFO, a device (`/dev/zero` behind a
 * link) or a folder is refused, and a file over `maxBytes` is refused unread. Never throws; the
 * caller words the message (it knows what the file is for).
 */
export function readRegularFile(file: string, maxBytes: number): RegularRead {
  let fd: number;
  try {
    fd = fs.openSync(file, FLAGS);
  } catch (e) {
    const code = errorCode(e);
    return { ok: false, why: code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'error', code };
  }
  try {
    const info = fs.fstatSync(fd);
    if (!info.isFile()) return { ok: false, why: 'not-regular', code: info.isDirectory() ? 'EISDIR' : 'ENOTREG' };
    if (info.size > maxBytes) return { ok: false, why: 'too-large', code: 'EFBIG', size: info.size };
    const bytes = Buffer.allocUnsafe(info.size);
    let at = 0;
    while (at < bytes.length) {
      const n = fs.readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return { ok: true, bytes: at === bytes.length ? bytes : bytes.subarray(0, at) };
  } catch (e) {
    return { ok: false, why: 'error', code: errorCode(e) };
  } finally {
    fs.closeSync(fd);
  }
}

/** A sentence for a refusal, after the file's path: "is a FIFO, socket or device, not a regular file"... */
export function refusalText(read: Exclude<RegularRead, { ok: true }>): string {
  switch (read.why) {
    case 'not-regular':
      return read.code === 'EISDIR'
        ? 'is a folder, not a regular file'
        : 'is a FIFO, socket or device, not a regular file: it was not read';
    case 'too-large':
      return `is ${read.size} bytes, too large to read at start-up`;
    case 'missing':
      return 'does not exist';
    default:
      return `cannot be read (${read.code}): check its permissions`;
  }
}
