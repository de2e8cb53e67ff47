import fs from 'node:fs/promises';
import path from 'node:path';
import { displayPath, isWithin, resolveInJail } from './jail.js';
import type { PermissionTarget, ReadTracker } from './types.js';

/** The current state of a file a write is about to touch. */
export type Existing = { exists: false } | { exists: true; mtimeMs: number; size: number; isFile: boolean };

/** Stats `abs`; a missing file is `{exists: false}`, other errors propagate. */
export async function statExisting(abs: string): Promise<Existing> {
  try {
    const st = await fs.stat(abs);
    return { exists: true, mtimeMs: st.mtimeMs, size: st.size, isFile: st.isFile() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false };
    throw err;
  }
}

/**
 * Refuses overwriting a file that was not read in this session or that changed since (mtime
 * or size differ). Returns the error message, or undefined when the write may go ahead.
 */
export function staleReason(tracker: ReadTracker, abs: string, shown: string, now: Existing): string | undefined {
  if (!now.exists) return undefined;
  if (!now.isFile) return `${shown} exists and is not a regular file; it cannot be written.`;
  const seen = tracker.get(abs);
  if (seen === undefined) {
    return `${shown} already exists and has not been read in this session. Read it with read_file first, then try again.`;
  }
  if (seen.mtimeMs !== now.mtimeMs || seen.size !== now.size) {
    return `${shown} has changed on disk since it was last read (size ${seen.size} -> ${now.size}). Read it again with read_file first, then try again.`;
  }
  return undefined;
}

/** Records the file's new state after a successful write so successive edits are not stale. */
export async function recordWritten(tracker: ReadTracker, abs: string): Promise<void> {
  const st = await fs.stat(abs);
  tracker.record(abs, st.mtimeMs, st.size);
}

/**
 * The permission target of a file tool: the path relative to the root when inside it, the
 * absolute path otherwise, with `insideRoot`. Never throws.
 */
export function filePermission(root: string, p: string): PermissionTarget {
  const r = resolveInJail(root, [], p, 'write');
  if (r.ok) return { target: displayPath(root, r.abs), insideRoot: true };
  const abs = path.resolve(root, p);
  return { target: isWithin(abs, root) ? displayPath(root, abs) : abs, insideRoot: false };
}
