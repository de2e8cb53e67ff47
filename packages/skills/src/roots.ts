import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DiscoverOptions, SkillSource } from './types.js';

/**
 * How a root's folder is read: `skills` (each child folder holding SKILL.md is a skill), `commands`
 * (every `*.md` below it is a command), `any` (an explicit folder: one skill folder, a skills root,
 * a plugin or a folder of plugins, see plugins.ts), `skill-or-skills` (one skill folder or a
 * skills root, as a plugin's manifest lists them).
 */
export type RootLayout = 'skills' | 'commands' | 'any' | 'skill-or-skills';

/** One folder to scan, in precedence order (the list is lowest precedence first). */
export interface RootSpec {
  /** As scanned: absolute, not symlink-resolved. */
  path: string;
  source: SkillSource;
  /** Default: `any` for an explicit root, else `skills`. */
  layout?: RootLayout;
  /** Put before each name found here with a colon (a plugin's name). */
  namespace?: string;
  /** The plugin this root belongs to, and its folder. */
  plugin?: string;
  pluginRoot?: string;
  /** A missing folder is silent even for an explicit root (a plugin without `commands/`). */
  optional?: boolean;
  /** For a root below the work root: the folder holding its `.claude` / `.agents`, relative to the work root (`packages/web`). */
  nested?: string;
}

/**
 * Whether `dir/.git` makes `dir` a repository the user made: a `.git` folder, or a `.git` file
 * naming a git dir (a worktree or submodule), owned by the user running the harness. An empty
 * file, or anything another user planted in a shared folder, does not count.
 */
export function isOwnRepository(dir: string, uid: number | undefined = process.getuid?.()): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(path.join(dir, '.git'));
  } catch {
    return false;
  }
  if (uid !== undefined && stat.uid !== uid) return false;
  if (stat.isDirectory()) return true;
  if (!stat.isFile() || stat.size > 4096) return false;
  try {
    return /^gitdir:\s*\S/.test(fs.readFileSync(path.join(dir, '.git'), 'utf8'));
  } catch {
    return false;
  }
}

/** Whether `dir` contains `home` without being it (`/home` for `/home/alice`, `/`): never a repository. */
function aboveHome(dir: string, home: string): boolean {
  if (dir === home) return false;
  const rel = path.relative(dir, home);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The repository the work root belongs to: the nearest directory at or above `workroot` whose
 * `.git` the user owns (`isOwnRepository`), found by walking up, never one that contains the home
 * directory (a `.git` in `/` or `/home` would make every folder below it "the repository" and load
 * its skills); `undefined` when there is none. `uid` is the user's (a parameter for tests).
 */
export function findGitTop(
  workroot: string,
  home: string = os.homedir(),
  uid: number | undefined = process.getuid?.(),
): string | undefined {
  const homeDir = path.resolve(home);
  let dir = path.resolve(workroot);
  for (;;) {
    if (aboveHome(dir, homeDir)) return undefined;
    if (isOwnRepository(dir, uid)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** `<dir>/.claude/commands`, `<dir>/.claude/skills`, then `<dir>/.agents/skills`: within one level a skill beats a command, `.agents` beats `.claude`. */
function trio(dir: string, source: SkillSource): RootSpec[] {
  return [
    { path: path.join(dir, '.claude', 'commands'), source, layout: 'commands' },
    { path: path.join(dir, '.claude', 'skills'), source },
    { path: path.join(dir, '.agents', 'skills'), source },
  ];
}

/**
 * Every root to scan, lowest precedence first: personal (`~/.claude/commands`, `~/.claude/skills`,
 * `~/.agents/skills`), then the same three for each directory from the git top-level down to the
 * work root (nearer wins; only the work root outside git; none when `trustProject` is false), then
 * explicit folders in the order given (a later one wins; each may be a skill, a skills root, a
 * plugin or a folder of plugins). A personal root may also appear as a project root (home inside
 * the repository); discovery keeps it personal and skips the project occurrence. Nested roots
 * below the work root are not listed here: `nestedRoots` finds them by walking the tree.
 */
export function skillRoots(options: DiscoverOptions): RootSpec[] {
  const home = path.resolve(options.home);
  const roots = trio(home, 'personal');
  if (options.trustProject !== false) {
    const workroot = path.resolve(options.workroot);
    const top = findGitTop(workroot, home) ?? workroot;
    const dirs: string[] = [];
    for (let dir = workroot; ; dir = path.dirname(dir)) {
      dirs.unshift(dir);
      if (dir === top || path.dirname(dir) === dir) break;
    }
    for (const dir of dirs) roots.push(...trio(dir, 'project'));
  }
  for (const dir of options.explicit ?? [])
    roots.push({ path: path.resolve(options.workroot, dir), source: 'explicit', layout: 'any' });
  return roots;
}
