/**
 * `walkFiles` for a caller that walks the same root again and again (rewind's checkpoint before
 * every turn): each directory's listing (its files and subdirectories, the .gitignore rules
 * applied) is kept with the directory's stat, and a directory whose mtime, ctime and inode have
 * not moved since is not read again (adding, removing or renaming an entry moves them; editing a
 * file in place does not, and needs no new listing). Its `.gitignore`, edited in place, is
 * checked by its own stat; when it or the directory's `.git` changes, the listings below are
 * dropped (their rules came from it). A directory changed within the last second is never kept
 * (a change in the same clock tick as the read would go unseen). Results are walkFiles': same
 * files, same skips, symlinks never followed; notes come only from directories read this time.
 */
import fs from 'node:fs';
import { IgnoreStack } from './gitignore.js';
import { loadRe2 } from './re2.js';
import { SKIPPED_DIRS } from './walk.js';
import type { WalkResult } from './walk.js';

/** A directory's listing as a walk last read it. */
interface Listing {
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** Its `.gitignore`'s stat stamp when it had one. */
  gitignore: string | undefined;
  hasGit: boolean;
  /** Relative paths of the files and subdirectories kept (not skipped, not ignored). */
  files: string[];
  dirs: string[];
  /** The rules in force below it. */
  ig: IgnoreStack;
}

export interface CachedWalk {
  /** The regular files under the root now, relative with `/` separators. */
  walk(signal: AbortSignal): Promise<WalkResult>;
}

const YIELD_EVERY = 200;
/** A directory changed this recently (ms) is read every time (no same-tick change slips by). */
const RACY_MS = 1000;

function stamp(file: string): string | undefined {
  try {
    const st = fs.lstatSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.isFile() ? 'f' : 'o'}`;
  } catch {
    return undefined;
  }
}

/** A walker of `base` (realpath'd) that remembers directory listings between walks. */
export function createCachedWalk(opts: {
  base: string;
  skip?: ReadonlySet<string>;
  /** The clock the same-tick guard reads (tests move it on); default Date.now. */
  now?: () => number;
}): CachedWalk {
  const cache = new Map<string, Listing>();
  const skip = opts.skip ?? SKIPPED_DIRS;
  const absOf = (rel: string): string => (rel === '' ? opts.base : `${opts.base}/${rel}`);

  const dropBelow = (rel: string): void => {
    const prefix = rel === '' ? '' : `${rel}/`;
    for (const key of cache.keys()) if (key !== rel && key.startsWith(prefix)) cache.delete(key);
  };

  /** Reads one directory: its listing, or undefined when it cannot be read. */
  const read = (rel: string, parent: IgnoreStack, note: (n: string) => void): Listing | undefined => {
    const abs = absOf(rel);
    let entries: fs.Dirent[];
    let st: fs.Stats;
    try {
      st = fs.lstatSync(abs);
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return undefined;
    }
    const names = entries.map((e) => e.name);
    const ig = parent.enter(abs, rel, names, note);
    const listing: Listing = {
      mtimeMs: st.mtimeMs,
      ctimeMs: st.ctimeMs,
      ino: st.ino,
      gitignore: names.includes('.gitignore') ? stamp(`${abs}/.gitignore`) : undefined,
      hasGit: names.includes('.git'),
      files: [],
      dirs: [],
      ig,
    };
    const check = ig.active;
    for (const e of entries) {
      if (skip.has(e.name)) continue;
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (!isDir && !isFile && !e.isSymbolicLink()) {
        try {
          const s = fs.lstatSync(`${abs}/${e.name}`);
          isDir = s.isDirectory();
          isFile = s.isFile();
        } catch {
          continue;
        }
      }
      if (isDir && !(check && ig.ignores(child, true))) listing.dirs.push(child);
      else if (isFile && !(check && ig.ignores(child, false))) listing.files.push(child);
    }
    return listing;
  };

  /** The kept listing of `rel` when nothing says it moved; undefined to read it again. */
  const kept = (rel: string, now: number): Listing | undefined => {
    const listing = cache.get(rel);
    if (listing === undefined) return undefined;
    let st: fs.Stats;
    try {
      st = fs.lstatSync(absOf(rel));
    } catch {
      return undefined;
    }
    if (st.mtimeMs !== listing.mtimeMs || st.ctimeMs !== listing.ctimeMs || st.ino !== listing.ino) return undefined;
    if (now - Math.max(st.mtimeMs, st.ctimeMs) < RACY_MS) return undefined;
    if (listing.gitignore !== undefined && stamp(`${absOf(rel)}/.gitignore`) !== listing.gitignore) return undefined;
    return listing;
  };

  return {
    async walk(signal) {
      await loadRe2();
      const now = (opts.now ?? Date.now)();
      const files: string[] = [];
      const notes: string[] = [];
      const note = (n: string): void => {
        if (!notes.includes(n)) notes.push(n);
      };
      const seen = new Set<string>();
      const stack: { rel: string; ig: IgnoreStack }[] = [{ rel: '', ig: IgnoreStack.empty() }];
      let visited = 0;
      while (stack.length > 0) {
        if (++visited % YIELD_EVERY === 0) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (signal.aborted) return { ok: false, aborted: true };
        }
        const dir = stack.pop() as { rel: string; ig: IgnoreStack };
        let listing = kept(dir.rel, now);
        if (listing === undefined) {
          const before = cache.get(dir.rel);
          listing = read(dir.rel, dir.ig, note);
          if (listing === undefined) continue;
          // Rules that came from here changed: what below was listed under them is read again.
          if (before !== undefined && (before.gitignore !== listing.gitignore || before.hasGit !== listing.hasGit))
            dropBelow(dir.rel);
          cache.set(dir.rel, listing);
        }
        seen.add(dir.rel);
        files.push(...listing.files);
        for (const sub of listing.dirs) stack.push({ rel: sub, ig: listing.ig });
      }
      if (signal.aborted) return { ok: false, aborted: true };
      // Directories gone or now ignored are forgotten.
      for (const key of cache.keys()) if (!seen.has(key)) cache.delete(key);
      return { ok: true, files, notes };
    },
  };
}
