import fs from 'node:fs';
import path from 'node:path';
import { protectedReason } from './protected-paths.js';
import { kindOf } from './safe-open.js';
import type { ToolContext } from './types.js';
import { writeRootOf } from './write-roots.js';

const { O_RDONLY, O_RDWR, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = fs.constants;

/** A file opened for writing whose descriptor was checked to lie inside the root, or why not. */
export type WriteHandle = { ok: true; fd: number; st: fs.Stats; created: boolean } | { ok: false; error: string };

let procFd: boolean | undefined;
/** Linux exposes each descriptor as /proc/self/fd/N: a directory fd can then stand in for openat(2). */
function hasProcFd(): boolean {
  procFd ??= fs.existsSync('/proc/self/fd');
  return procFd;
}

const errCode = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? 'EIO';

function raced(shown: string, what: string): { ok: false; error: string } {
  return {
    ok: false,
    error: `Refused: ${shown} changed while it was being opened (${what}); nothing was written. Check the path and try again.`,
  };
}

/** The checks every opened descriptor must pass: a regular file with one link, inside the root, not protected. */
function checkOpened(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  fd: number,
  shown: string,
  real: string | undefined,
): string | undefined {
  const st = fs.fstatSync(fd);
  if (!st.isFile()) return `Refused: ${shown} is ${kindOf(st)}; write_file and edit_file only change regular files.`;
  if (st.nlink > 1) {
    return `Refused: ${shown} has ${st.nlink} hard links. Writing it would also change the same file under its other names, which may lie outside the work root; copy it to a new file instead.`;
  }
  if (real === undefined) return undefined;
  if (writeRootOf(ctx, real) === undefined)
    return `Refused: ${shown} resolved to ${real} when opened, which is outside the work root ${ctx.root}${ctx.writeRoots?.length ? ' and the added directories' : ''}; nothing was written.`;
  return protectedReason(ctx, real);
}

/**
 * Walks from the root to the file's folder one component at a time through directory descriptors
 * (`/proc/self/fd/N/name`, never following a symlink), creating missing folders when `create` is
 * set, then opens the file the same way: a folder swapped for a symlink between the jail's check
 * and the open makes the open fail instead of landing outside the root.
 */
function openViaProc(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  abs: string,
  shown: string,
  create: boolean,
): WriteHandle {
  // The walk starts at the writable root that holds the path (the work root, or an added one).
  const root = writeRootOf(ctx, abs) ?? ctx.root;
  const parts = path
    .relative(root, abs)
    .split(path.sep)
    .filter((p) => p !== '');
  const name = parts.pop();
  if (name === undefined) return { ok: false, error: `Refused: ${shown} is the work root itself.` };
  let dir = fs.openSync(root, O_RDONLY | O_DIRECTORY);
  try {
    for (const part of parts) {
      const at = `/proc/self/fd/${dir}/${part}`;
      let next: number;
      try {
        next = fs.openSync(at, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      } catch (err) {
        if (errCode(err) !== 'ENOENT' || !create)
          return errCode(err) === 'ENOENT'
            ? { ok: false, error: `${shown} does not exist.` }
            : raced(shown, `${part} is not a folder`);
        try {
          fs.mkdirSync(at);
        } catch (mk) {
          if (errCode(mk) !== 'EEXIST') throw mk;
        }
        next = fs.openSync(at, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      }
      fs.closeSync(dir);
      dir = next;
    }
    const at = `/proc/self/fd/${dir}/${name}`;
    let fd: number;
    let created = false;
    try {
      const pre = fs.lstatSync(at);
      if (!pre.isFile())
        return {
          ok: false,
          error: `Refused: ${shown} is ${kindOf(pre)}; write_file and edit_file only change regular files.`,
        };
      fd = fs.openSync(at, O_RDWR | O_NOFOLLOW | O_NONBLOCK);
    } catch (err) {
      if (errCode(err) === 'ELOOP') return raced(shown, 'it is now a symlink');
      if (errCode(err) !== 'ENOENT') throw err;
      if (!create) return { ok: false, error: `${shown} does not exist.` };
      fd = fs.openSync(at, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK, 0o666);
      created = true;
    }
    const problem = checkOpened(ctx, fd, shown, fs.readlinkSync(`/proc/self/fd/${fd}`));
    if (problem !== undefined) {
      fs.closeSync(fd);
      if (created) fs.rmSync(at, { force: true });
      return { ok: false, error: problem };
    }
    return { ok: true, fd, st: fs.fstatSync(fd), created };
  } finally {
    fs.closeSync(dir);
  }
}

/**
 * Without /proc (macOS): the last component is opened with O_NOFOLLOW, and the descriptor's
 * device and inode must equal those of the path re-resolved afterwards, which must lie inside
 * the root and not be protected.
 */
function openPortable(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  abs: string,
  shown: string,
  create: boolean,
): WriteHandle {
  if (create) fs.mkdirSync(path.dirname(abs), { recursive: true });
  let fd: number;
  let created = false;
  try {
    fd = fs.openSync(abs, O_RDWR | O_NOFOLLOW | O_NONBLOCK);
  } catch (err) {
    if (errCode(err) === 'ELOOP') return raced(shown, 'it is now a symlink');
    if (errCode(err) !== 'ENOENT') throw err;
    if (!create) return { ok: false, error: `${shown} does not exist.` };
    fd = fs.openSync(abs, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK, 0o666);
    created = true;
  }
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
    const st = fs.statSync(real);
    const mine = fs.fstatSync(fd);
    if (st.dev !== mine.dev || st.ino !== mine.ino) throw new Error('moved');
  } catch {
    fs.closeSync(fd);
    return raced(shown, 'the path no longer names the opened file');
  }
  const problem = checkOpened(ctx, fd, shown, real);
  if (problem !== undefined) {
    fs.closeSync(fd);
    if (created) fs.rmSync(abs, { force: true });
    return { ok: false, error: problem };
  }
  return { ok: true, fd, st: fs.fstatSync(fd), created };
}

/**
 * Opens `abs` (already through the jail and the protected-path check) read-write for write_file
 * (`create`: the file and its folders may be created) or edit_file (it must exist). The returned
 * descriptor is a regular file with a single link, checked after opening to lie inside the root
 * and outside every protected path; write through it with writeWhole and close it.
 */
export function openForWrite(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  abs: string,
  shown: string,
  create: boolean,
): WriteHandle {
  try {
    return hasProcFd() ? openViaProc(ctx, abs, shown, create) : openPortable(ctx, abs, shown, create);
  } catch (err) {
    return { ok: false, error: `Cannot open ${shown} for writing: ${(err as Error).message}` };
  }
}

/** The current bytes of an opened file (`size` from its fstat; a file that grew is read to its end). */
export function readWhole(fd: number, size: number): Buffer {
  let buf = Buffer.allocUnsafe(Math.max(size, 1024));
  let total = 0;
  for (;;) {
    if (total === buf.length) {
      const next = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(next, 0, 0, total);
      buf = next;
    }
    const n = fs.readSync(fd, buf, total, buf.length - total, total);
    if (n === 0) return buf.subarray(0, total);
    total += n;
  }
}

/** Replaces an opened file's whole content (truncate, then write from offset 0). */
export function writeWhole(fd: number, data: Buffer): void {
  fs.ftruncateSync(fd, 0);
  let off = 0;
  while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off, off);
}
