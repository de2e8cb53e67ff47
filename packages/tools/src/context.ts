import fs from 'node:fs';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { realRoot } from './jail.js';
import { createReadTracker } from './read-tracker.js';
import { secretLabelsFromEnv, secretsFromEnv } from './secrets.js';
import type { ReadTracker, ToolContext } from './types.js';

/** What a front end or the agent knows when it builds the per-call context. */
export interface ToolContextOptions {
  root: string;
  skills?: readonly Skill[];
  signal?: AbortSignal;
  readTracker?: ReadTracker;
  /** Extra absolute dirs write_file/edit_file always refuse (the harness's config and state dirs). */
  protectedDirs?: readonly string[];
  /** A Read/Grep/Glob deny rule on realpaths: false hides the file from grep and glob. */
  readFilter?: (absRealPath: string) => boolean;
  /** Secret values to redact from tool output, on top of the credentials found in `env`. */
  secrets?: readonly string[];
  /**
   * Where the harness's credentials (CREDENTIAL_ENV_NAMES) are looked up; default process.env.
   * Given, it is also the environment commands run with (`ToolContext.env`).
   */
  env?: NodeJS.ProcessEnv;
  /** Text-file I/O through someone else (see `ToolContext.files`); absent, the disk. */
  files?: ToolContext['files'];
  /** The session's sandbox (`createSandbox`); absent: commands run unconfined. */
  sandbox?: ToolContext['sandbox'];
  /** More folders reading tools may read, after the skill dirs; never written. */
  readRoots?: readonly string[];
  /** Folders written like the work root (`--add-dir`, settings' `additionalDirectories`); realpath'd here once. */
  writeRoots?: readonly string[];
}

/** Dirs as given and as resolved, kept per array: the agent passes the same arrays to every batch. */
interface Resolved {
  given: string[];
  real: string[];
}
const realSkillDirs = new WeakMap<readonly Skill[], Resolved>();
const realDirs = new WeakMap<readonly string[], Resolved>();

/**
 * `realRoot` of each dir, deduplicated. Resolved again only when the array's dirs differ from
 * last time (compared as strings, no file call): an array grown in place (a reload adding
 * protected folders) is resolved again, an unchanged one is not.
 */
function realOnce<T>(
  cache: WeakMap<readonly T[], Resolved>,
  list: readonly T[],
  dir: (item: T) => string,
  memo: Map<string, string>,
): string[] {
  const given = list.map(dir);
  const known = cache.get(list);
  if (known !== undefined && known.given.length === given.length && known.given.every((d, i) => d === given[i]))
    return [...known.real];
  const real = [...new Set(resolveDirs(given, memo))];
  cache.set(list, { given, real });
  return [...real];
}

/** Below this many dirs in one folder each is resolved by itself; from it on, the folder is listed once. */
const LIST_PARENT_FROM = 8;

/**
 * `realRoot` of each dir, remembered in `memo` (the skill dirs are also protected dirs). When many
 * dirs share a parent (10,000 skills in one skills root), the parent is listed once with file
 * types: an entry that is a directory, not a symbolic link, resolves to the parent's realpath plus
 * its name. That is one `readdir` and one `realpath` per parent instead of a `realpath` per dir
 * that checks every component of it (~100 ms at the first tool call with 10,000 skills).
 */
function resolveDirs(dirs: readonly string[], memo: Map<string, string>): string[] {
  const abs = dirs.map(absolute);
  const perParent = new Map<string, number>();
  for (const a of abs) {
    if (memo.has(a)) continue;
    const parent = splitDir(a)[0];
    perParent.set(parent, (perParent.get(parent) ?? 0) + 1);
  }
  const listed = new Map<string, { real: string; plain: Set<string> } | undefined>();
  for (const [parent, count] of perParent) if (count >= LIST_PARENT_FROM) listed.set(parent, plainDirsOf(parent));
  return abs.map((a) => {
    const known = memo.get(a);
    if (known !== undefined) return known;
    const [parentPath, base] = splitDir(a);
    const parent = listed.get(parentPath);
    const real = parent !== undefined && parent.plain.has(base) ? below(parent.real, base) : realRoot(a);
    memo.set(a, real);
    return real;
  });
}

/** A path that `path.resolve` would return unchanged (absolute POSIX, no `.`/`..`/empty segment, no trailing slash). */
const ALREADY_RESOLVED = /^(?![\s\S]*(?:\/\/|\/\.\.?(?:\/|$)|[\s\S]\/$))\//;

/** `path.resolve(dir)`, skipped for the usual already-resolved POSIX path (it cost ~1 µs a dir). */
function absolute(dir: string): string {
  return path.sep === '/' && ALREADY_RESOLVED.test(dir) ? dir : path.resolve(dir);
}

/** `path.join(dir, name)` for a resolved `dir` and a plain entry name, without re-normalising. */
function below(dir: string, name: string): string {
  if (path.sep !== '/') return path.join(dir, name);
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

/** `[path.dirname(abs), path.basename(abs)]` of a resolved path, cut at its last separator. */
function splitDir(abs: string): [string, string] {
  const at = abs.lastIndexOf(path.sep);
  if (path.sep !== '/' || at < 0) return [path.dirname(abs), path.basename(abs)];
  return [at === 0 ? '/' : abs.slice(0, at), abs.slice(at + 1)];
}

/** The folder's realpath and the names of its entries that are directories (not links); undefined when it cannot be listed. */
function plainDirsOf(parent: string): { real: string; plain: Set<string> } | undefined {
  try {
    const plain = new Set<string>();
    for (const entry of fs.readdirSync(parent, { withFileTypes: true })) if (entry.isDirectory()) plain.add(entry.name);
    return { real: realRoot(parent), plain };
  } catch {
    return undefined;
  }
}

/** The skill dirs and then `readRoots` (deduplicated); the skill dirs alone without any. */
function withReadRoots(
  skillDirs: string[],
  readRoots: readonly string[] | undefined,
  memo: Map<string, string>,
): string[] {
  if (readRoots === undefined || readRoots.length === 0) return skillDirs;
  return [...new Set([...skillDirs, ...realOnce(realDirs, readRoots, (d) => d, memo)])];
}

/**
 * Builds a ToolContext: the root realpath'd, the skill directories as extra read roots
 * (deduplicated, realpath'd), a fresh read tracker and a never-firing signal unless given. The
 * secrets are the given ones plus the values of the credential variables set in `env`. The skill
 * and protected dirs are resolved once per array (with 10,000 skills, resolving them for every
 * tool batch cost tens of milliseconds); a caller with new dirs passes a new array.
 */
export function createToolContext(opts: ToolContextOptions): ToolContext {
  const env = opts.env ?? process.env;
  const memo = new Map<string, string>();
  const ctx: ToolContext = {
    root: realRoot(opts.root),
    extraReadRoots: withReadRoots(
      realOnce(realSkillDirs, opts.skills ?? [], (s) => s.dir, memo),
      opts.readRoots,
      memo,
    ),
    readTracker: opts.readTracker ?? createReadTracker(),
    signal: opts.signal ?? new AbortController().signal,
    protectedDirs: realOnce(realDirs, opts.protectedDirs ?? [], (d) => d, memo),
    secrets: [...new Set([...(opts.secrets ?? []), ...secretsFromEnv(env)])],
    secretLabels: secretLabelsFromEnv(env),
  };
  if (opts.readFilter !== undefined) ctx.readFilter = opts.readFilter;
  if (opts.files !== undefined) ctx.files = opts.files;
  if (opts.sandbox !== undefined) ctx.sandbox = opts.sandbox;
  if (opts.env !== undefined) ctx.env = opts.env;
  if (opts.writeRoots !== undefined && opts.writeRoots.length > 0)
    ctx.writeRoots = realOnce(realDirs, opts.writeRoots, (d) => d, memo);
  return ctx;
}
