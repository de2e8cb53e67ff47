import fs from 'node:fs';

const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = fs.constants;

/** What a non-regular file is, in words a refusal can show ("a FIFO", "a socket"). */
export function kindOf(st: fs.Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** An open regular file (close it with closeSync), or why it was not opened. */
export type OpenedFile = { ok: true; fd: number; st: fs.Stats } | { ok: false; code: string; error: string };

/**
 * Opens `abs` for reading without ever blocking on it or reading from anything but a regular
 * file: stat first (a FIFO, socket or device is refused without opening it), then open with
 * O_NONBLOCK (a FIFO swapped in between does not block the open) and re-check the descriptor with
 * fstat. `noFollow` also refuses a symlink as the last component. Errors name the path as `shown`.
 */
export function openRegularSync(abs: string, shown: string, opts: { noFollow?: boolean } = {}): OpenedFile {
  let pre: fs.Stats;
  try {
    pre = opts.noFollow === true ? fs.lstatSync(abs) : fs.statSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, code, error: `${shown}: ${(err as Error).message}` };
  }
  if (!pre.isFile())
    return {
      ok: false,
      code: pre.isDirectory() ? 'EISDIR' : 'ENOTREG',
      error: `${shown} is ${kindOf(pre)}, not a regular file; it is not opened.`,
    };
  let fd: number;
  try {
    fd = fs.openSync(abs, O_RDONLY | O_NONBLOCK | (opts.noFollow === true ? O_NOFOLLOW : 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    return { ok: false, code, error: `${shown}: ${(err as Error).message}` };
  }
  const st = fs.fstatSync(fd);
  if (!st.isFile()) {
    fs.closeSync(fd);
    return { ok: false, code: 'ENOTREG', error: `${shown} is ${kindOf(st)}, not a regular file; it is not read.` };
  }
  return { ok: true, fd, st };
}

/**
 * The whole text of a regular file, or undefined when it is missing, not a regular file, larger
 * than `maxBytes` or unreadable. For small auxiliary files (.gitignore, context lines, previews)
 * that must never block on a FIFO.
 */
export function readRegularTextSync(abs: string, maxBytes: number): string | undefined {
  const opened = openRegularSync(abs, abs);
  if (!opened.ok) return undefined;
  try {
    if (opened.st.size > maxBytes) return undefined;
    const buf = Buffer.allocUnsafe(opened.st.size);
    let total = 0;
    while (total < buf.length) {
      const n = fs.readSync(opened.fd, buf, total, buf.length - total, null);
      if (n === 0) break;
      total += n;
    }
    return buf.toString('utf8', 0, total);
  } catch {
    return undefined;
  } finally {
    fs.closeSync(opened.fd);
  }
}
