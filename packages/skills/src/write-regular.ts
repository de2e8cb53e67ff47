import fs from 'node:fs';
import path from 'node:path';

/**
 * Writing the files the harness keeps for itself (sessions, trust decisions, prompt history, skill
 * usage counts, settings, a fixed SKILL.md...) without ever replacing, changing the mode of,
 * or blocking on something that is not a regular file. A path may point somewhere unexpected: a
 * user links a history file to /dev/null to turn it off, a variable names a FIFO, a stale link
 * points at a device. `rename(tmp, '/dev/null')` as root turns the machine's /dev/null into an
 * ordinary file, `chmod` of it locks other users out, and opening a FIFO for writing waits for a
 * reader that never comes. So every write goes through here:
 *
 * - the target is looked at with `lstat` first: missing or a regular file is fine; a symbolic link
 *   is followed only when it ends at a regular file (the real file is written, the link kept);
 *   a device, FIFO, socket, folder or a link to one or to nothing is refused with a message naming
 *   the path, whoever runs the harness (root too);
 * - replacing a whole file writes a temporary file beside the target, flushes it, checks the target
 *   again and renames over it, so a reader never sees half a file;
 * - appending opens without blocking and checks the opened descriptor with fstat (a FIFO or device
 *   swapped in after the check is still refused), and changes the mode through that descriptor.
 *
 * Never throws: each function returns `undefined` when written, else the message.
 */

/** What a path holds, in words a refusal shows ("a character device"). */
export function fileKind(st: fs.Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

/** Where a write to a path may go: the path itself or, for a link, the regular file it ends at. */
export type WriteTarget = { ok: true; file: string; exists: boolean } | { ok: false; error: string };

const errnoOf = (e: unknown): string => (e as NodeJS.ErrnoException | undefined)?.code ?? 'EIO';

const refused = (file: string, what: string): { ok: false; error: string } => ({
  ok: false,
  error: `${file} is ${what}, not a regular file: it was left as it is and nothing was written`,
});

/**
 * Checks `file` before a write (see the module comment). `file` is returned as given when it is
 * missing or a regular file, as its real path when it is a link to a regular file.
 */
export function checkWriteTarget(file: string): WriteTarget {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(file);
  } catch (e) {
    const code = errnoOf(e);
    if (code === 'ENOENT') return { ok: true, file, exists: false };
    return { ok: false, error: `${file} cannot be checked before writing (${code})` };
  }
  if (st.isFile()) return { ok: true, file, exists: true };
  if (!st.isSymbolicLink()) return refused(file, fileKind(st));
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (e) {
    const code = errnoOf(e);
    if (code === 'ENOENT') return refused(file, 'a symbolic link to nothing');
    return { ok: false, error: `${file} is a symbolic link that cannot be followed (${code}): nothing was written` };
  }
  let end: fs.Stats;
  try {
    end = fs.statSync(real);
  } catch (e) {
    return { ok: false, error: `${file} links to ${real}, which cannot be checked (${errnoOf(e)})` };
  }
  return end.isFile()
    ? { ok: true, file: real, exists: true }
    : refused(file, `a symbolic link to ${fileKind(end)} (${real})`);
}

export interface WriteOptions {
  /** The file's mode (e.g. 0o600), set on the file whatever the umask. */
  mode?: number;
  /** Creates missing parent folders with this mode (e.g. 0o700); without it they must exist. */
  dirMode?: number;
}

let counter = 0;

/** The whole of `data` written to `fd`. */
function writeAllSync(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * Replaces `file` with `data`: a temporary file in the same folder (created exclusively, so a
 * planted link at its name is never followed), flushed, then renamed over the target once the
 * target has been checked again. A link to a regular file has that file replaced, and stays a link.
 */
export function replaceRegularFile(
  file: string,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): string | undefined {
  const target = checkWriteTarget(file);
  if (!target.ok) return target.error;
  const dir = path.dirname(target.file);
  const tmp = path.join(dir, `.${path.basename(target.file)}.${process.pid}.${++counter}.tmp`);
  let fd: number | undefined;
  try {
    if (opts.dirMode !== undefined) fs.mkdirSync(dir, { recursive: true, mode: opts.dirMode });
    // An existing file keeps its mode (and, when root rewrites it, its owner) unless told otherwise.
    const before = target.exists ? fs.statSync(target.file) : undefined;
    const mode = opts.mode ?? (before ? before.mode & 0o7777 : undefined);
    fd = fs.openSync(tmp, 'wx', mode ?? 0o666);
    if (mode !== undefined) fs.fchmodSync(fd, mode);
    if (before && process.getuid?.() === 0) fs.fchownSync(fd, before.uid, before.gid);
    writeAllSync(fd, data);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    // Checked again right before the rename: something swapped in meanwhile is not replaced.
    const again = checkWriteTarget(target.file);
    if (!again.ok || again.file !== target.file) {
      fs.rmSync(tmp, { force: true });
      return again.ok
        ? `${file} changed while it was being written (it is now a link): nothing was replaced`
        : again.error;
    }
    fs.renameSync(tmp, target.file);
    return undefined;
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // the folder itself is unusable: no temporary file was left there
    }
    return `${file} could not be written (${errnoOf(e)}): ${(e as Error).message}`;
  }
}

const { O_WRONLY, O_RDWR, O_APPEND, O_CREAT, O_NONBLOCK, O_NOCTTY } = fs.constants;

/** A regular file opened for appending (close it with closeSync), or why not. */
export type AppendHandle = { ok: true; fd: number; file: string } | { ok: false; error: string };

/** How `openRegularForAppend` opens: `create` false needs the file to exist; `readable` also allows reads. */
export interface AppendOptions extends WriteOptions {
  create?: boolean;
  readable?: boolean;
}

/**
 * Opens `file` for appending, creating it unless `create` is false: checked before the open (a
 * device or FIFO is never opened), opened without blocking, and its descriptor checked again.
 * With `mode`, the mode is set through the descriptor (never on whatever the path names later).
 */
export function openRegularForAppend(file: string, opts: AppendOptions = {}): AppendHandle {
  const target = checkWriteTarget(file);
  if (!target.ok) return target;
  if (!target.exists && opts.create === false) return { ok: false, error: `${file} does not exist` };
  let fd: number | undefined;
  try {
    if (opts.dirMode !== undefined) fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: opts.dirMode });
    const create = opts.create === false ? 0 : O_CREAT;
    const access = opts.readable === true ? O_RDWR : O_WRONLY;
    fd = fs.openSync(target.file, access | O_APPEND | O_NONBLOCK | O_NOCTTY | create, opts.mode ?? 0o666);
    const st = fs.fstatSync(fd);
    if (!st.isFile()) {
      fs.closeSync(fd);
      return refused(file, fileKind(st));
    }
    if (opts.mode !== undefined) fs.fchmodSync(fd, opts.mode);
    return { ok: true, fd, file: target.file };
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    const code = errnoOf(e);
    // ENXIO: a FIFO with no reader, swapped in after the check.
    if (code === 'ENXIO') return refused(file, 'a FIFO (named pipe) or device');
    return { ok: false, error: `${file} could not be opened for writing (${code}): ${(e as Error).message}` };
  }
}

/** Appends `data` to `file` (created when missing), with the checks of `openRegularForAppend`. */
export function appendRegularFile(
  file: string,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): string | undefined {
  const opened = openRegularForAppend(file, opts);
  if (!opened.ok) return opened.error;
  try {
    writeAllSync(opened.fd, data);
    return undefined;
  } catch (e) {
    return `${file} could not be written (${errnoOf(e)}): ${(e as Error).message}`;
  } finally {
    fs.closeSync(opened.fd);
  }
}
