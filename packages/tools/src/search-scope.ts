import fs from 'node:fs';
import path from 'node:path';
import { displayPath, isWithin, resolveInJail } from './jail.js';
import { kindOf } from './safe-open.js';
import type { ToolContext } from './types.js';
import { writeRootOf } from './write-roots.js';

/** Where a glob or grep searches: the boundary root it lies in, and the start inside it. */
export interface SearchScope {
  /** The work root or the skill directory containing `start` (realpath'd). */
  base: string;
  /** Absolute path to search (a directory, or a single file for grep). */
  start: string;
  startIsFile: boolean;
  /** True when `base` is the work root. */
  inRoot: boolean;
  /** How a result (relative to `base`) is shown: relative to the root, absolute in a skill dir. */
  show(rel: string): string;
}

/**
 * Resolves the optional `path` of a search tool through the jail (extra read roots allowed).
 * A missing path is an error naming it.
 */
export function searchScope(
  ctx: Pick<ToolContext, 'root' | 'extraReadRoots' | 'writeRoots'>,
  p: string | undefined,
): { ok: true; scope: SearchScope } | { ok: false; error: string } {
  const jail = resolveInJail(
    ctx.root,
    ctx.extraReadRoots,
    p === undefined || p === '' ? '.' : p,
    'read',
    ctx.writeRoots,
  );
  if (!jail.ok) return jail;
  let st: fs.Stats;
  try {
    st = fs.statSync(jail.abs);
  } catch {
    return { ok: false, error: `${displayPath(ctx.root, jail.abs)} does not exist (work root ${ctx.root}).` };
  }
  if (!st.isDirectory() && !st.isFile())
    return {
      ok: false,
      error: `${displayPath(ctx.root, jail.abs)} is ${kindOf(st)}, not a file or folder; it is not searched.`,
    };
  const root = ctx.root;
  const base = writeRootOf(ctx, jail.abs) ?? ctx.extraReadRoots.find((r) => isWithin(jail.abs, r)) ?? root;
  const inRoot = base === root;
  const scope: SearchScope = {
    base,
    start: jail.abs,
    startIsFile: !st.isDirectory(),
    inRoot,
    show: (rel) => (inRoot ? rel : path.join(base, rel)),
  };
  return { ok: true, scope };
}

/** The start relative to the base, `/`-separated ('' when they are equal). */
export function startRel(scope: SearchScope): string {
  return path.relative(scope.base, scope.start).split(path.sep).join('/');
}
