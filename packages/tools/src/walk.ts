import fs from 'node:fs';
import path from 'node:path';
import { ancestorStack, type IgnoreStack } from './gitignore.js';
import { loadRe2 } from './re2.js';

/** Names never listed or descended into below the start (directories or files, as ripgrep's `-g '!name'`). */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

export interface WalkOptions {
  /** The boundary root (work root or a skill directory), realpath'd; results are relative to it. */
  base: string;
  /** The directory to walk, absolute, equal to or under `base`. */
  start: string;
  signal: AbortSignal;
  /** Names to skip below the start; default SKIPPED_DIRS. */
  skip?: ReadonlySet<string>;
}

/**
 * Files found by a walk, relative to the base with `/` separators, in no particular order, and
 * notes about .gitignore files or lines that were skipped.
 */
export type WalkResult = { ok: true; files: string[]; notes: string[] } | { ok: false; aborted: true };

const YIELD_EVERY = 200;

/**
 * Lists the regular files under `start`, honouring .gitignore files (the base's, the nested
 * ones and those between base and start), skipping `.git` and `node_modules` and never following
 * symlinks (so a walk cannot leave the jail). Unreadable directories are skipped.
 */
export async function walkFiles(opts: WalkOptions): Promise<WalkResult> {
  await loadRe2();
  const startRel = path.relative(opts.base, opts.start).split(path.sep).join('/');
  const files: string[] = [];
  const notes: string[] = [];
  const note = (n: string): void => {
    if (!notes.includes(n)) notes.push(n);
  };
  const stack: Array<{ abs: string; rel: string; ig: IgnoreStack }> = [
    { abs: opts.start, rel: startRel, ig: ancestorStack(opts.base, startRel, note) },
  ];
  const skip = opts.skip ?? SKIPPED_DIRS;
  let visited = 0;
  while (stack.length > 0) {
    if (++visited % YIELD_EVERY === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (opts.signal.aborted) return { ok: false, aborted: true };
    }
    const dir = stack.pop();
    if (dir === undefined) break;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir.abs, { withFileTypes: true });
    } catch {
      continue;
    }
    const ig = dir.ig.enter(
      dir.abs,
      dir.rel,
      entries.map((e) => e.name),
      note,
    );
    const check = ig.active;
    for (const e of entries) {
      const name = e.name;
      if (skip.has(name)) continue;
      const rel = dir.rel === '' ? name : `${dir.rel}/${name}`;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (!isDir && !isFile && !e.isSymbolicLink()) {
        try {
          const st = fs.lstatSync(path.join(dir.abs, name));
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue;
        }
      }
      if (isDir) {
        if (check && ig.ignores(rel, true)) continue;
        stack.push({ abs: path.join(dir.abs, name), rel, ig });
      } else if (isFile) {
        if (check && ig.ignores(rel, false)) continue;
        files.push(rel);
      }
    }
  }
  if (opts.signal.aborted) return { ok: false, aborted: true };
  return { ok: true, files, notes };
}
