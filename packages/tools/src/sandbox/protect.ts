/**
 * What the sandbox keeps read-only inside the writable folders, per command: the protected names
 * (protected-paths.ts) found at the work root, the git metadata that runs code (`config`,
 * `config.worktree`, `hooks`, `modules` of the git dir and common dir, a `.git` pointer file), the
 * folders `core.hooksPath` names, and the configured read-only paths. What exists is bound
 * read-only; what does not exist yet cannot be bound without leaving an empty placeholder in the
 * user's tree, so it is watched instead: if a command creates one, it is removed when the command
 * ends and the result says so (the file never outlives the sandboxed call that made it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gitLayout } from '../git-dirs.js';
import { isWithin } from '../jail.js';
import { PROTECTED_NAMES } from '../protected-names.js';

/** The read-only binds of one command and the paths to watch for creation. */
export interface Protection {
  /** Existing paths bound read-only (absolute). */
  readOnly: string[];
  /** Paths that do not exist now and must not exist after the command (absolute; the first name below `parent` compared case-insensitively). */
  watch: Watched[];
  /** Git dir and common dir outside every writable folder: bound writable so git works in a worktree. */
  gitWritable: string[];
  /**
   * Folders between a writable folder and a read-only path (`.git` for `.git/config`, `.agents`
   * for `.agents/skills`), bound onto themselves so they are mount points: a folder holding a
   * read-only bind could otherwise be renamed away (`mv .git .git-old`) and rebuilt without it.
   */
  pinned: string[];
}

/** A path that must not come into existence: `parent/<name in any case>/...rest`. */
export interface Watched {
  parent: string;
  name: string;
  rest: string[];
}

const watched = (parent: string, name: string, ...rest: string[]): Watched => ({
  parent,
  name: name.toLowerCase(),
  rest,
});

/** The git metadata that runs code, relative to a git dir. */
const GIT_CODE = ['config', 'config.worktree', 'hooks', 'modules'];

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The work root's entries whose names are protected (case-insensitively, as the file tools compare). */
function rootEntries(root: string): { present: string[]; missing: Watched[] } {
  let names: string[] = [];
  try {
    names = fs.readdirSync(root);
  } catch {
    /* an unreadable root: nothing to bind */
  }
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const present: string[] = [];
  const missing: Watched[] = [];
  for (const entry of PROTECTED_NAMES) {
    const [first, ...more] = entry.segments;
    const found = byLower.get(first as string);
    if (found === undefined) {
      // `.git` is git's own business: `git init` in a folder that had none is an ordinary command.
      if (first !== '.git') missing.push(watched(root, first as string, ...more));
      continue;
    }
    const full = path.join(root, found, ...more);
    if (more.length === 0 || exists(full)) present.push(full);
    else missing.push(watched(root, found, ...more));
  }
  return { present, missing };
}

/** The protection of one command run in `root` with these writable folders. */
export function protectionFor(root: string, writable: readonly string[], denyWrite: readonly string[]): Protection {
  const inWritable = (p: string): boolean => writable.some((dir) => p === dir || isWithin(p, dir));
  const { present, missing } = rootEntries(root);
  const readOnly = [...present.filter((p) => !p.endsWith(`${path.sep}.git`) || !isDir(p))];
  const watch: Watched[] = [...missing];
  const gitWritable: string[] = [];
  const git = gitLayout(root);
  if (git) {
    if (git.pointerFile) readOnly.push(git.pointerFile);
    for (const dir of [git.gitDir, ...(git.commonDir ? [git.commonDir] : [])]) {
      if (!exists(dir)) continue;
      if (!inWritable(dir)) gitWritable.push(dir);
      for (const name of GIT_CODE) {
        const p = path.join(dir, name);
        if (exists(p)) readOnly.push(p);
        else watch.push(watched(dir, name));
      }
    }
    for (const hooks of git.hooksPaths) {
      if (!inWritable(hooks)) continue;
      if (exists(hooks)) readOnly.push(hooks);
      else watch.push(watched(path.dirname(hooks), path.basename(hooks)));
    }
  }
  // Only what lies inside a writable folder needs a bind (the rest is read-only already), and not
  // below something already bound read-only: 10,000 personal skill folders add nothing.
  for (const p of denyWrite) if (inWritable(p) && exists(p)) readOnly.push(p);
  const bound = new Set(readOnly);
  const coveredAbove = (p: string): boolean => {
    for (let dir = path.dirname(p); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if (bound.has(dir)) return true;
      if (writable.includes(dir)) return false;
    }
    return false;
  };
  const unique = [...bound].filter((p) => !coveredAbove(p));
  const pinned = new Set<string>();
  for (const p of unique) {
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      if (writable.includes(dir) || gitWritable.includes(dir) || path.dirname(dir) === dir) break;
      if (!inWritable(dir) && !gitWritable.some((g) => isWithin(dir, g))) break;
      pinned.add(dir);
    }
  }
  const depth = (p: string): number => p.split(path.sep).length;
  return { readOnly: unique, watch, gitWritable, pinned: [...pinned].sort((a, b) => depth(a) - depth(b)) };
}

function isDir(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The watched paths a command created: removed now, and returned (for the result's note). */
export function removeCreated(watch: readonly Watched[]): string[] {
  const created: string[] = [];
  const listings = new Map<string, string[]>();
  for (const item of watch) {
    let names = listings.get(item.parent);
    if (names === undefined) {
      try {
        names = fs.readdirSync(item.parent);
      } catch {
        names = [];
      }
      listings.set(item.parent, names);
    }
    for (const name of names) {
      if (name.toLowerCase() !== item.name) continue;
      const full = path.join(item.parent, name, ...item.rest);
      if (!exists(full)) continue;
      fs.rmSync(full, { recursive: true, force: true });
      created.push(full);
    }
  }
  return created;
}
