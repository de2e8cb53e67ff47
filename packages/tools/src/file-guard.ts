import fs from 'node:fs';
import path from 'node:path';
import { displayPath, isWithin, resolveInJail } from './jail.js';
import { protectedReason } from './protected-paths.js';
import { kindOf } from './safe-open.js';
import type { PermissionTarget, ReadTracker, ToolContext, ToolErrorCode } from './types.js';

/** The current state of a file a write is about to touch. */
export type Existing = { exists: false } | { exists: true; mtimeMs: number; size: number; isFile: boolean };

/** The state of an opened file as the stale check needs it (from its descriptor's fstat). */
export function existingOf(st: fs.Stats | undefined): Existing {
  return st === undefined
    ? { exists: false }
    : { exists: true, mtimeMs: st.mtimeMs, size: st.size, isFile: st.isFile() };
}

/** A write target that passed the jail and the protected-path rules, or the refusal to return. */
export type WriteTarget = { ok: true; abs: string; shown: string } | { ok: false; error: string; code: ToolErrorCode };

/**
 * The checks write_file and edit_file make before anything is opened or asked: the path resolves
 * inside the root (not into a skill directory), it is not protected (`.git`, skills folders, the
 * session's skill dirs, `protectedDirs`), and if it exists it is a regular file (stat only: a
 * FIFO is never opened). Used by `refuse` (before the approval question) and again by `run`.
 */
export function writeTarget(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  given: string,
): WriteTarget {
  const jail = resolveInJail(ctx.root, [], given, 'write', ctx.writeRoots);
  if (!jail.ok) return { ...jail, code: 'outside_root' };
  const shown = displayPath(ctx.root, jail.abs);
  const prot = protectedReason(ctx, jail.abs, given);
  if (prot !== undefined) return { ok: false, error: prot, code: 'protected' };
  try {
    const st = fs.lstatSync(jail.abs);
    if (!st.isFile())
      return {
        ok: false,
        error: `Refused: ${shown} is ${kindOf(st)}; write_file and edit_file only change regular files.`,
        code: 'failed',
      };
  } catch {
    /* missing: a new file */
  }
  return { ok: true, abs: jail.abs, shown };
}

/**
 * Everything a write can be refused for without writing, for the tools' `refuse` (run before any
 * approval question, so a call that would fail is never asked about): the jail and protected
 * paths ({@link writeTarget}), then, for an existing file, read-before-write and staleness
 * ({@link staleReason}, on a stat; `run` checks again on the opened file). `mustExist`: edit_file,
 * which cannot create. Returns the refusal text, or undefined when asking is worth it.
 */
export function writeRefusal(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'readTracker' | 'writeRoots'>,
  given: string,
  mustExist: boolean,
): string | undefined {
  const target = writeTarget(ctx, given);
  if (!target.ok) return target.error;
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(target.abs);
  } catch {
    st = undefined;
  }
  if (st === undefined) return mustExist ? `${target.shown} does not exist. Use write_file to create it.` : undefined;
  return staleReason(ctx.readTracker, target.abs, target.shown, existingOf(st));
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
export function recordWritten(tracker: ReadTracker, abs: string, fd: number): void {
  const st = fs.fstatSync(fd);
  tracker.record(abs, st.mtimeMs, st.size);
}

/**
 * The permission target of a file tool: the path relative to the root when inside it, the
 * absolute path otherwise, with `insideRoot` (also true inside an added writable root, which
 * follows the work root's rules). Never throws.
 */
export function filePermission(root: string, p: string, writeRoots: readonly string[] = []): PermissionTarget {
  const r = resolveInJail(root, [], p, 'write', writeRoots);
  if (r.ok) return { target: displayPath(root, r.abs), insideRoot: true };
  const abs = path.resolve(root, p);
  return { target: isWithin(abs, root) ? displayPath(root, abs) : abs, insideRoot: false };
}
