import { compileGlob } from './glob-match.js';
import type { GrepPattern } from './grep-regex.js';
import type { SearchScope } from './search-scope.js';

/** What grep asks of an engine. */
export interface GrepRequest {
  pattern: GrepPattern;
  scope: SearchScope;
  /** Keeps a file (path relative to the base) or not; undefined keeps every file. */
  fileFilter: ((rel: string) => boolean) | undefined;
  /** The raw glob filter, for engines that can narrow with it first. */
  glob: string | undefined;
  /** 'files' lets an engine stop at a file's first matching line. */
  mode: 'files' | 'content' | 'count';
  signal: AbortSignal;
  /** Names skipped below the start (default `.git`, `node_modules`). */
  skip?: ReadonlySet<string>;
}

/**
 * The file filter of one grep: the glob filter and the session's read filter (a deny rule,
 * called with the file's real path: walked paths below a realpath'd base contain no symlinks).
 */
export function fileFilterOf(
  glob: ((rel: string) => boolean) | undefined,
  readFilter: ((abs: string) => boolean) | undefined,
  base: string,
): ((rel: string) => boolean) | undefined {
  if (readFilter === undefined) return glob;
  const prefix = base.endsWith('/') ? base : `${base}/`;
  return (rel) => (glob === undefined || glob(rel)) && readFilter(prefix + rel);
}

/** One matching line: 1-based number and text without its line feed (a CR is kept). */
export interface LineHit {
  n: number;
  text: string;
}

/** A file with at least one matching line, relative to the scope's base. */
export interface FileHits {
  rel: string;
  lines: LineHit[];
}

/** An engine's answer: every matching file (any order) and notes for the model, or why not. */
export type EngineResult =
  | { ok: true; files: FileHits[]; notes: string[] }
  | { ok: false; error: string; aborted?: boolean };

/**
 * The glob filter of grep: a pattern without `/` matches the file name, one with `/` matches
 * the path relative to the search directory (as in ripgrep's `-g`); linear-time (compileGlob).
 * `filter` is undefined when there is no glob; an error names a glob that cannot be run.
 */
export function globFilter(
  glob: string | undefined,
  scope: SearchScope,
): { ok: true; filter: ((rel: string) => boolean) | undefined } | { ok: false; error: string } {
  if (glob === undefined || glob === '') return { ok: true, filter: undefined };
  const compiled = compileGlob(glob);
  if (!compiled.ok) return compiled;
  const isMatch = compiled.test;
  const prefixLen = scope.startIsFile ? -1 : scope.start.length - scope.base.length;
  if (!glob.includes('/')) {
    return { ok: true, filter: (rel) => isMatch(rel.slice(rel.lastIndexOf('/') + 1)) };
  }
  return {
    ok: true,
    filter: (rel) => {
      const sub = prefixLen <= 0 ? rel : rel.slice(prefixLen);
      return isMatch(sub);
    },
  };
}
