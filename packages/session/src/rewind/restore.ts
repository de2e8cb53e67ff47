/**
 * Puts the files under the work root back as they were at a checkpoint. A hostile repository (or
 * a command of the last turn) may have put symlinks where folders were: a restore never writes
 * through one. It writes a file only when every folder on its path below the root is a real
 * folder (creating missing ones) and the path itself is a regular file or nothing, through a
 * temporary file renamed into place; it deletes only regular files the scan had recorded. The
 * protected paths of the tools package (`.git`, `.claude`, `.npmrc`, the harness's own dirs...)
 * are never written, whatever the checkpoint holds: they are listed as skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BlobStore } from './blobs.js';
import { safeRel } from './log.js';
import type { TreeState } from './store.js';

export interface RestoreOutcome {
  /** Written back (changed or deleted since the checkpoint). */
  restored: string[];
  /** Deleted (created since the checkpoint). */
  removed: string[];
  /** Left as they are, each with why. */
  skipped: { path: string; why: string }[];
}

export interface RestoreOptions {
  root: string;
  target: TreeState;
  current: TreeState;
  blobs: BlobStore;
  /** Why writing `abs` is refused (a protected path), or undefined. */
  protect(abs: string): string | undefined;
}

/** Makes the tree `target` where it differs from `current`; what was done, path by path. */
export function restoreTree(opts: RestoreOptions): RestoreOutcome {
  const out: RestoreOutcome = { restored: [], removed: [], skipped: [] };
  const paths = new Set([...opts.target.keys(), ...opts.current.keys()]);
  for (const rel of [...paths].sort()) {
    const want = opts.target.get(rel);
    const have = opts.current.get(rel);
    if (want?.h === have?.h && want?.m === have?.m) continue;
    const skip = (why: string): void => void out.skipped.push({ path: rel, why });
    if (!safeRel(rel)) {
      skip('not a plain path below the work root');
      continue;
    }
    const abs = path.join(opts.root, ...rel.split('/'));
    const refused = opts.protect(abs);
    if (refused !== undefined) {
      skip(`protected: ${refused}`);
      continue;
    }
    const why = want === undefined ? removeFile(opts.root, rel) : writeFile(opts, rel, want.h, want.m);
    if (why !== undefined) skip(why);
    else (want === undefined ? out.removed : out.restored).push(rel);
  }
  return out;
}

/** Deletes `rel` when it is a regular file reached through real folders; else why not. */
function removeFile(root: string, rel: string): string | undefined {
  const parent = realFolders(root, rel, false);
  if (parent !== undefined) return parent;
  const abs = path.join(root, ...rel.split('/'));
  const st = lstat(abs);
  if (st === undefined) return undefined; // already gone
  if (!st.isFile()) return 'it is no longer a regular file (a symlink or a folder now)';
  fs.unlinkSync(abs);
  return undefined;
}

function writeFile(opts: RestoreOptions, rel: string, hash: string, mode: number): string | undefined {
  const bytes = opts.blobs.get(hash);
  if (bytes === undefined) return 'its snapshot is missing from the rewind store';
  const parent = realFolders(opts.root, rel, true);
  if (parent !== undefined) return parent;
  const abs = path.join(opts.root, ...rel.split('/'));
  const st = lstat(abs);
  if (st !== undefined && !st.isFile()) return 'a symlink or a folder is there now';
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.rewind-${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, bytes, { mode: mode & 0o777, flag: 'wx' });
    fs.chmodSync(tmp, mode & 0o777);
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    return `could not write it: ${err instanceof Error ? err.message : String(err)}`;
  }
  return undefined;
}

/**
 * Checks (and with `create`, makes) each folder between the root and `rel`'s parent: undefined
 * when all are real folders, else why not (a symlink or a file on the way).
 */
function realFolders(root: string, rel: string, create: boolean): string | undefined {
  const parts = rel.split('/').slice(0, -1);
  let dir = root;
  for (const part of parts) {
    dir = path.join(dir, part);
    const st = lstat(dir);
    if (st === undefined) {
      if (!create) return undefined; // nothing there to delete
      fs.mkdirSync(dir);
      continue;
    }
    if (st.isSymbolicLink()) return `${path.relative(root, dir)} is a symlink now: never written through`;
    if (!st.isDirectory()) return `${path.relative(root, dir)} is not a folder now`;
  }
  return undefined;
}

function lstat(abs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(abs);
  } catch {
    return undefined;
  }
}
