import fs from 'node:fs';
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
 * The nearest directory at or above `workroot` holding a `.git` entry (a folder, or a file
 * for worktrees and submodules), found by walking up; `undefined` when there is none.
 */
export function findGitTop(workroot: string): string | undefined {
  let dir = path.resolve(workroot);
  for (;;) {
    try {
      fs.lstatSync(path.join(dir, '.git'));
      return dir;
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
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
    const top = findGitTop(workroot) ?? workroot;
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
