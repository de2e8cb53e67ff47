/**
 * The one seam through which read_file, write_file and edit_file may read and write a text file
 * somewhere other than the disk: an editor's buffers (the ACP front end's `fs/read_text_file` and
 * `fs/write_text_file`), so the model sees the text the user sees, unsaved changes included.
 *
 * Only the bytes move through it. Every check stays on the real file system, before the seam is
 * used: the jail (the realpath inside the work root or a skill directory), the protected paths,
 * "a regular file" (no FIFO, no device), read-before-write and staleness (the tracker keeps the
 * disk's mtime and size), and the approval question. A path that fails a check never reaches it.
 * Binary files are read from disk as before (the seam is for text).
 */
import fs from 'node:fs';
import type { ToolContext } from './types.js';

/**
 * read_file asks the seam only for files up to this size on disk: a larger one (a log, a dump) is
 * read from disk in chunks under read_file's caps instead of being sent whole over the seam.
 */
export const SEAM_READ_MAX_BYTES = 8 * 1024 * 1024;

/** True when the context reads text through the seam (a check on disk text alone may then be wrong). */
export function readsThroughSeam(ctx: Pick<ToolContext, 'files'>): boolean {
  return ctx.files?.readText !== undefined;
}

/** The text of `abs` through the seam, or undefined when there is no seam or it has none. */
export async function seamText(ctx: Pick<ToolContext, 'files'>, abs: string): Promise<string | undefined> {
  const read = ctx.files?.readText;
  if (read === undefined) return undefined;
  try {
    const text = await read.call(ctx.files, abs);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of a write through the seam: not tried (no seam), done, or its error text. */
export type SeamWrite = { via: 'none' } | { via: 'seam'; ok: true } | { via: 'seam'; ok: false; error: string };

/**
 * Writes `text` to `abs` through the seam when it has a writer; afterwards records the disk's
 * state of the file in the read tracker (the provider may or may not have saved it), so the next
 * edit is not refused as stale.
 */
export async function seamWrite(
  ctx: Pick<ToolContext, 'files' | 'readTracker'>,
  abs: string,
  text: string,
): Promise<SeamWrite> {
  const write = ctx.files?.writeText;
  if (write === undefined) return { via: 'none' };
  try {
    await write.call(ctx.files, abs, text);
  } catch (err) {
    return { via: 'seam', ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  try {
    const st = fs.statSync(abs);
    ctx.readTracker.record(abs, st.mtimeMs, st.size);
  } catch {
    /* not on disk (yet): nothing to record */
  }
  return { via: 'seam', ok: true };
}
