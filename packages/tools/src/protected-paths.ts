import path from 'node:path';
import { displayPath, isWithin, realRoot } from './jail.js';
import type { ToolContext } from './types.js';

/**
 * Folder names below the work root that write_file and edit_file never touch, in any permission
 * mode, at any depth and whether or not they exist yet. Each is something a later session (or
 * git) trusts and runs: `.git` holds hooks and config (`core.fsmonitor` runs on the next
 * `git status`), a skills folder holds instructions the next session loads as the user's own.
 */
export const PROTECTED_NAMES: readonly { segments: readonly string[]; rule: string }[] = [
  { segments: ['.git'], rule: 'git metadata (.git, a folder or a file, at any depth): its config and hooks run code' },
  {
    segments: ['.agents', 'skills'],
    rule: 'a skills folder (.agents/skills, at any depth): the next session trusts what it holds',
  },
  {
    segments: ['.claude', 'skills'],
    rule: 'a skills folder (.claude/skills, at any depth): the next session trusts what it holds',
  },
];

/**
 * Whether path names compare case-insensitively here. macOS and Windows file systems normally do
 * (`.GIT` is `.git` there); Linux ones normally do not. Names in PROTECTED_NAMES are compared
 * case-insensitively everywhere (refusing `.GIT/config` on Linux costs nothing); absolute
 * protected directories follow the platform.
 */
export const CASE_INSENSITIVE_FS = process.platform === 'darwin' || process.platform === 'win32';

const fold = (s: string): string => (CASE_INSENSITIVE_FS ? s.toLowerCase() : s);

function matchesSegments(parts: readonly string[], segments: readonly string[]): boolean {
  for (let i = 0; i + segments.length <= parts.length; i++) {
    if (segments.every((s, j) => (parts[i + j] ?? '').toLowerCase() === s)) return true;
  }
  return false;
}

/** The protected rule a root-relative path falls under, by name. */
function namedRule(rel: string): string | undefined {
  const parts = rel.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  return PROTECTED_NAMES.find((n) => matchesSegments(parts, n.segments))?.rule;
}

/**
 * Why a write to `abs` (a path the jail resolved) must be refused, or undefined when it may go
 * ahead. Checked: the protected names below the root (on the resolved path and on the path the
 * model gave, so neither a symlink nor `..` hides them), every skill directory of the session
 * (`extraReadRoots`) and every `protectedDirs` entry (the harness's own config and state dirs),
 * each also realpath'd. The message names the rule and the path.
 */
export function protectedReason(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs'>,
  abs: string,
  given?: string,
): string | undefined {
  const root = ctx.root;
  const shown = displayPath(root, abs);
  const refuse = (rule: string): string =>
    `Refused: ${shown} is inside ${rule}. write_file and edit_file never change it, in any permission mode; if it really must change, ask the user to do it.`;
  if (isWithin(abs, root)) {
    const byName = namedRule(path.relative(root, abs));
    if (byName !== undefined) return refuse(byName);
  }
  if (given !== undefined) {
    const byName = namedRule(path.relative(root, path.resolve(root, given)));
    if (byName !== undefined) return refuse(byName);
  }
  const dirs: Array<{ dir: string; rule: string }> = [
    ...ctx.extraReadRoots.map((dir) => ({ dir, rule: `the skill directory ${dir}` })),
    ...(ctx.protectedDirs ?? []).map((dir) => ({
      dir,
      rule: `the protected directory ${dir} (the harness's own configuration or state)`,
    })),
  ];
  const target = fold(abs);
  for (const { dir, rule } of dirs) {
    for (const form of new Set([path.resolve(dir), realRoot(dir)])) {
      if (isWithin(target, fold(form))) return refuse(rule);
    }
  }
  return undefined;
}
