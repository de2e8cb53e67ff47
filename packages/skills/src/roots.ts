import fs from 'node:fs';
import path from 'node:path';
import type { DiscoverOptions, SkillSource } from './types.js';

/** One folder to scan, in precedence order (the list is lowest precedence first). */
export interface RootSpec {
  /** As scanned: absolute, not symlink-resolved. */
  path: string;
  source: SkillSource;
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

/** `<dir>/.claude/skills` then `<dir>/.agents/skills`: within one level `.agents` wins. */
function pair(dir: string, source: SkillSource): RootSpec[] {
  return [
    { path: path.join(dir, '.claude', 'skills'), source },
    { path: path.join(dir, '.agents', 'skills'), source },
  ];
}

/**
 * Every root to scan, lowest precedence first: personal (`~/.claude/skills`, `~/.agents/skills`),
 * then project roots from the git top-level down to the work root (nearer wins; only the work
 * root outside git; none when `trustProject` is false), then explicit folders in the order
 * given (a later one wins). A personal root may also appear as a project root (home inside the
 * repository); discovery keeps it personal and skips the project occurrence.
 */
export function skillRoots(options: DiscoverOptions): RootSpec[] {
  const home = path.resolve(options.home);
  const roots = pair(home, 'personal');
  if (options.trustProject !== false) {
    const workroot = path.resolve(options.workroot);
    const top = findGitTop(workroot) ?? workroot;
    const dirs: string[] = [];
    for (let dir = workroot; ; dir = path.dirname(dir)) {
      dirs.unshift(dir);
      if (dir === top || path.dirname(dir) === dir) break;
    }
    for (const dir of dirs) roots.push(...pair(dir, 'project'));
  }
  for (const dir of options.explicit ?? [])
    roots.push({ path: path.resolve(options.workroot, dir), source: 'explicit' });
  return roots;
}
