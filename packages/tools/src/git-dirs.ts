/**
 * Where a work root's git metadata lives, read from the files themselves (no `git` process): the
 * repository top (the nearest folder with a `.git`), its git dir (the `.git` folder, or the folder
 * a `.git` file names: a worktree or submodule), the common dir (a worktree's `commondir`), and
 * the folders git's `core.hooksPath` names in their config. The protected paths and the sandbox
 * use it: the hooks folder is as dangerous as `.git/hooks`, and a worktree's metadata lies
 * outside the work root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findGitTop } from '@coding-harness/skills';

/** A work root's git metadata folders (absolute, as found; symlinks not resolved). */
export interface GitLayout {
  /** The folder holding `.git` (the work tree's top). */
  top: string;
  /** `.git` itself when it is a file (a worktree's or submodule's pointer), else undefined. */
  pointerFile?: string;
  /** The git dir (`top/.git`, or what the pointer file names). */
  gitDir: string;
  /** The common dir (a worktree's main `.git`), when it differs from `gitDir`. */
  commonDir?: string;
  /** Folders `core.hooksPath` names in the git dir's or common dir's config, resolved against `top`. */
  hooksPaths: string[];
}

const MAX_CONFIG_BYTES = 1024 * 1024;

function readSmall(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) return undefined;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The values of `core.hooksPath` in a git config text (sections and keys case-insensitive, quotes removed). */
export function hooksPathsInConfig(text: string): string[] {
  const out: string[] = [];
  let inCore = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (section) {
      inCore = (section[1] ?? '').toLowerCase() === 'core';
      continue;
    }
    if (!inCore) continue;
    const entry = /^hookspath\s*=\s*(.*)$/i.exec(line);
    if (!entry) continue;
    const value = (entry[1] ?? '').replace(/\s+[#;].*$/, '').trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    // `~/...` is the user's home: outside the work root, nothing for these checks.
    if (unquoted !== '' && !unquoted.startsWith('~')) out.push(unquoted);
  }
  return out;
}

const layouts = new Map<string, GitLayout | null>();

/** The git layout of `root` (memoized per root: the config files are protected from the model). */
export function gitLayout(root: string): GitLayout | undefined {
  const known = layouts.get(root);
  if (known !== undefined) return known ?? undefined;
  const found = readLayout(root);
  layouts.set(root, found ?? null);
  return found;
}

function readLayout(root: string): GitLayout | undefined {
  const top = findGitTop(root);
  if (top === undefined) return undefined;
  const dotGit = path.join(top, '.git');
  let gitDir = dotGit;
  let pointerFile: string | undefined;
  const pointer = readSmall(dotGit);
  if (pointer !== undefined) {
    const named = /^gitdir:\s*(.+?)\s*$/m.exec(pointer)?.[1];
    if (named === undefined) return undefined;
    pointerFile = dotGit;
    gitDir = path.resolve(top, named);
  }
  const common = readSmall(path.join(gitDir, 'commondir'))?.trim();
  const commonDir = common ? path.resolve(gitDir, common) : undefined;
  const hooksPaths = [gitDir, ...(commonDir ? [commonDir] : [])].flatMap((dir) =>
    hooksPathsInConfig(readSmall(path.join(dir, 'config')) ?? '').map((p) => path.resolve(top, p)),
  );
  return {
    top,
    gitDir,
    hooksPaths: [...new Set(hooksPaths)],
    ...(pointerFile ? { pointerFile } : {}),
    ...(commonDir && commonDir !== gitDir ? { commonDir } : {}),
  };
}

/** The `core.hooksPath` folders of `root`'s repository (absolute), or none. */
export function hooksPathDirs(root: string): readonly string[] {
  return gitLayout(root)?.hooksPaths ?? [];
}
