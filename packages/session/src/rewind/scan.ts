/**
 * What is under the work root now, as cheaply as it can be known: the regular files the walk of
 * the tools package finds (.gitignore honoured, `.git` and `node_modules` skipped, symlinks never
 * followed) with the stat fields that change whenever a file's bytes do. A checkpoint reads a
 * file only when these differ from the last scan, so an unchanged tree costs a walk and a stat per
 * file, never a read; with a `walker`, a folder whose entries did not change is not even listed
 * again (walk-cached.ts in the tools package), so it is a stat per file and per folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { walkFiles } from '@coding-harness/tools';
import type { CachedWalk } from '@coding-harness/tools';

/** A file as a scan saw it: the stat fields compared between scans. */
export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  mode: number;
}

/** Root-relative path (`/` separators) to what a scan saw. */
export type TreeStat = Map<string, FileStat>;

export interface ScanOptions {
  root: string;
  /** Folders under the root never scanned (the harness's own state dir when it lies inside). */
  exclude: readonly string[];
  signal?: AbortSignal;
  /** The same walk, remembering directory listings between scans (unchanged folders are not read again). */
  walker?: CachedWalk;
}

/** The regular files under `root` and their stat fields; undefined when the walk was aborted. */
export async function scanTree(opts: ScanOptions): Promise<TreeStat | undefined> {
  const signal = opts.signal ?? new AbortController().signal;
  const walked = opts.walker
    ? await opts.walker.walk(signal)
    : await walkFiles({ base: opts.root, start: opts.root, signal });
  if (!walked.ok) return undefined;
  const excluded = opts.exclude
    .map((dir) => path.relative(opts.root, dir).split(path.sep).join('/'))
    .filter((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel));
  const tree: TreeStat = new Map();
  for (const rel of walked.files) {
    if (excluded.some((dir) => rel === dir || rel.startsWith(`${dir}/`))) continue;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(`${opts.root}/${rel}`);
    } catch {
      continue; // gone since the walk listed it
    }
    if (!st.isFile()) continue;
    tree.set(rel, { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode: st.mode & 0o777 });
  }
  return tree;
}

/** True when the stat fields say the bytes may differ. */
export function statChanged(a: FileStat | undefined, b: FileStat): boolean {
  return a === undefined || a.size !== b.size || a.mtimeMs !== b.mtimeMs || a.ctimeMs !== b.ctimeMs || a.ino !== b.ino;
}
