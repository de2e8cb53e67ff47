/**
 * The `.agents/skills` and `.claude/skills` folders of a monorepo's packages: found by walking the
 * work root's folders breadth first, a few levels deep, never entering `node_modules`, dot-folders,
 * symbolic links or what a `.gitignore` ignores. They come from the repository, so discovery asks
 * for them only when the project is trusted (the same rule as `<root>/.agents/skills`).
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { readRegularFile, refusalText } from './read-regular.js';
import { findGitTop } from './roots.js';
import type { RootSpec } from './roots.js';
import type { IgnoreMatcherFactory, SkillIssue } from './types.js';

/** Folder levels below the work root that are looked into (`a/b/c/d/.claude/skills` is the deepest). */
export const NESTED_MAX_DEPTH = 4;
/** Folders read at most: the walk stops there with a note (a huge tree costs start-up time). */
export const NESTED_MAX_DIRS = 4_000;
/** `.gitignore` lines longer than this, or with more wildcards than {@link GITIGNORE_MAX_STARS}, are skipped (they come from the repository: a pathological pattern must not stall start-up). */
export const GITIGNORE_MAX_LINE = 256;
export const GITIGNORE_MAX_STARS = 8;
const GITIGNORE_MAX_BYTES = 256 * 1024;

export interface NestedOptions {
  workroot: string;
  /** Home is never walked (its `.claude` folders are personal). */
  home: string;
  note: (issue: SkillIssue) => void;
  maxDepth?: number;
  maxDirs?: number;
  /** A linear-time matcher, loaded when the first `.gitignore` is found (see DiscoverOptions). */
  loadIgnoreMatcher?: () => Promise<IgnoreMatcherFactory>;
}

/** One `.gitignore`'s answer for a folder path relative to the work root (posix). */
type Rule = (rel: string) => boolean;

/** The rules of `<dir>/.gitignore`; `toOwn` turns a work-root-relative path into one relative to `dir` (undefined: not below it). */
async function readRule(
  dir: string,
  toOwn: (rel: string) => string | undefined,
  note: (issue: SkillIssue) => void,
  matcher: () => Promise<IgnoreMatcherFactory | undefined>,
): Promise<Rule | undefined> {
  const file = path.join(dir, '.gitignore');
  // Non-blocking and checked first: a `.gitignore` that is a FIFO or a device must not hang start-up.
  const read = readRegularFile(file, GITIGNORE_MAX_BYTES);
  if (!read.ok) {
    if (read.why === 'not-regular')
      note({ path: file, message: `${refusalText(read)}; its rules were not applied to the search for nested skills` });
    return undefined;
  }
  const text = read.bytes.toString('utf8');
  const linear = await matcher();
  if (linear !== undefined) {
    const test = linear(text, file, (message) => note({ path: file, message }));
    return (rel) => {
      const own = toOwn(rel);
      return own !== undefined && test(`${own}/`);
    };
  }
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.length <= GITIGNORE_MAX_LINE && (l.match(/\*/g)?.length ?? 0) <= GITIGNORE_MAX_STARS);
  const ig = ignore().add(lines);
  return (rel) => {
    const own = toOwn(rel);
    return own !== undefined && ig.ignores(`${own}/`);
  };
}

/**
 * The nested skill roots below `workroot` (not the work root's own, which `skillRoots` lists),
 * in walk order: `.claude/skills` then `.agents/skills` of each folder, with `nested` naming the
 * folder relative to the work root. Only inside a git repository, never when the work root is
 * home, never into home when it lies below the work root, and never into a nested git repository
 * (a folder with its own `.git`). `.gitignore` files from the git top-level down are honoured.
 */
export async function nestedRoots(options: NestedOptions): Promise<RootSpec[]> {
  const workroot = path.resolve(options.workroot);
  const home = path.resolve(options.home);
  const top = findGitTop(workroot, home);
  if (top === undefined || workroot === home) return [];
  const maxDepth = options.maxDepth ?? NESTED_MAX_DEPTH;
  const maxDirs = options.maxDirs ?? NESTED_MAX_DIRS;
  let loading: Promise<IgnoreMatcherFactory | undefined> | undefined;
  const matcher = (): Promise<IgnoreMatcherFactory | undefined> =>
    (loading ??= options.loadIgnoreMatcher ? options.loadIgnoreMatcher() : Promise.resolve(undefined));
  // Rules of the folders above the work root apply to paths below it too.
  const above: Rule[] = [];
  for (let dir = workroot; dir !== top; ) {
    dir = path.dirname(dir);
    const prefix = path.relative(dir, workroot).split(path.sep).join('/');
    const rule = await readRule(dir, (rel) => `${prefix}/${rel}`, options.note, matcher);
    if (rule) above.push(rule);
    if (path.dirname(dir) === dir) break;
  }
  const out: RootSpec[] = [];
  let queue: { dir: string; rel: string; chain: Rule[] }[] = [{ dir: workroot, rel: '', chain: above }];
  let read = 0;
  for (let depth = 0; depth <= maxDepth && queue.length > 0; depth++) {
    const next: typeof queue = [];
    for (const { dir, rel, chain } of queue) {
      if (++read > maxDirs) {
        options.note({
          path: workroot,
          message: `stopped looking for nested .agents/skills and .claude/skills folders after ${maxDirs} folders; give a deep package's skills with --skills`,
        });
        return out;
      }
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      // A nested repository (a submodule, a vendored clone) is its own trust decision: trusting this
      // repository says nothing about its skills, so the walk neither collects nor enters it.
      if (depth > 0 && entries.some((d) => d.name === '.git')) continue;
      if (depth > 0) {
        for (const [hidden, sub] of [
          ['.claude', 'skills'],
          ['.agents', 'skills'],
        ] as const) {
          if (!entries.some((d) => d.name === hidden && d.isDirectory())) continue;
          const at = path.join(dir, hidden, sub);
          if (fs.existsSync(at)) out.push({ path: at, source: 'project', nested: rel });
        }
      }
      if (depth === maxDepth) continue;
      const base = rel;
      const own = entries.some((d) => d.name === '.gitignore')
        ? await readRule(
            dir,
            (p) => (base === '' ? p : p.startsWith(`${base}/`) ? p.slice(base.length + 1) : undefined),
            options.note,
            matcher,
          )
        : undefined;
      const rules = own ? [...chain, own] : chain;
      const dirs = entries
        .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
        .map((d) => d.name)
        .sort();
      for (const name of dirs) {
        const childRel = rel === '' ? name : `${rel}/${name}`;
        const child = path.join(dir, name);
        if (child === home || rules.some((rule) => rule(childRel))) continue;
        next.push({ dir: child, rel: childRel, chain: rules });
      }
    }
    queue = next;
  }
  return out;
}
