import path from 'node:path';
import { hooksPathDirs } from './git-dirs.js';
import { displayPath, isWithin } from './jail.js';
import { PROTECTED_NAMES } from './protected-names.js';
import type { ToolContext } from './types.js';
import { writeRootOf } from './write-roots.js';

export { PROTECTED_NAMES };

/**
 * Whether path names compare case-insensitively here. macOS and Windows file systems normally do
 * (`.GIT` is `.git` there); Linux ones normally do not. Names in PROTECTED_NAMES are compared
 * case-insensitively everywhere (refusing `.GIT/config` on Linux costs nothing); absolute
 * protected directories follow the platform.
 */
export const CASE_INSENSITIVE_FS = process.platform === 'darwin' || process.platform === 'win32';

const fold = (s: string): string => (CASE_INSENSITIVE_FS ? s.toLowerCase() : s);

/** Whether `segments` occur in `parts`; a file entry only as the last parts (a folder named `.npmrc` holds nothing special). */
function matchesSegments(parts: readonly string[], segments: readonly string[], folder: boolean): boolean {
  if (!folder) {
    const tail = parts.slice(-segments.length);
    return tail.length === segments.length && segments.every((s, j) => (tail[j] ?? '').toLowerCase() === s);
  }
  for (let i = 0; i + segments.length <= parts.length; i++) {
    if (segments.every((s, j) => (parts[i + j] ?? '').toLowerCase() === s)) return true;
  }
  return false;
}

/** The protected entry a root-relative path falls under, by name. */
function namedRule(rel: string): { rule: string; folder: boolean } | undefined {
  const parts = rel.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  return PROTECTED_NAMES.find((n) => matchesSegments(parts, n.segments, n.folder));
}

/**
 * Why a write to `abs` (a path the jail resolved) must be refused, or undefined when it may go
 * ahead. Checked: the protected names below the root (on the resolved path and on the path the
 * model gave, so neither a symlink nor `..` hides them), every skill directory of the session
 * (`extraReadRoots`) and every `protectedDirs` entry (the harness's own config and state dirs),
 * as the context holds them: `createToolContext` realpaths them once, so a link to one is caught
 * by comparing `abs` (already resolved by the jail). The target's few ancestors are looked up in
 * an index of the dirs, so a check costs the same with 10 skills or 10,000 (a realpath per dir
 * per call cost ~110 ms a write at 10,000). The message names the rule and the path.
 */
export function protectedReason(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>,
  abs: string,
  given?: string,
): string | undefined {
  // The protected names hold below whichever writable root holds the path (an added folder's `.git` too).
  const root = writeRootOf(ctx, abs) ?? ctx.root;
  const shown = displayPath(ctx.root, abs);
  const refuse = (rule: string, inside = true): string =>
    `Refused: ${shown} is ${inside ? 'inside ' : ''}${rule}. write_file and edit_file never change it, in any permission mode; if it really must change, ask the user to do it.`;
  if (isWithin(abs, root)) {
    const byName = namedRule(path.relative(root, abs));
    if (byName !== undefined) return refuse(byName.rule, byName.folder);
  }
  if (given !== undefined) {
    const byName = namedRule(path.relative(root, path.resolve(ctx.root, given)));
    if (byName !== undefined) return refuse(byName.rule, byName.folder);
  }
  const rule = protectedDirRule(protectedDirIndex(ctx), fold(abs));
  if (rule !== undefined) return refuse(rule);
  const hooks = hooksPathDirs(root).find((dir) => abs === dir || isWithin(abs, dir));
  if (hooks !== undefined)
    return refuse(`the git hooks folder ${displayPath(ctx.root, hooks)} (core.hooksPath): git runs its scripts`);
  return undefined;
}

type DirIndex = Map<string, string>;
const indexes = new WeakMap<readonly string[], { protectedDirs: readonly string[] | undefined; index: DirIndex }>();

/** Folded dir -> rule for the context's skill and protected dirs, built once per pair of arrays. */
function protectedDirIndex(ctx: Pick<ToolContext, 'extraReadRoots' | 'protectedDirs' | 'writeRoots'>): DirIndex {
  const known = indexes.get(ctx.extraReadRoots);
  if (known !== undefined && known.protectedDirs === ctx.protectedDirs) return known.index;
  const index: DirIndex = new Map();
  for (const dir of ctx.protectedDirs ?? [])
    index.set(fold(dir), `the protected directory ${dir} (the harness's own configuration or state)`);
  // Added writable roots are read roots too, and are not skill directories.
  const writable = new Set(ctx.writeRoots ?? []);
  for (const dir of ctx.extraReadRoots) if (!writable.has(dir)) index.set(fold(dir), `the skill directory ${dir}`);
  indexes.set(ctx.extraReadRoots, { protectedDirs: ctx.protectedDirs, index });
  return index;
}

/** The rule of the nearest indexed dir that is `target` or one of its ancestors. */
function protectedDirRule(index: DirIndex, target: string): string | undefined {
  if (index.size === 0) return undefined;
  let dir = target;
  for (;;) {
    const rule = index.get(dir);
    if (rule !== undefined) return rule;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
