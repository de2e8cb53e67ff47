import fs from 'node:fs';
import path from 'node:path';

/** The outcome of resolving a path through the jail: an absolute, symlink-free path, or why not. */
export type JailResult = { ok: true; abs: string; insideRoot: boolean } | { ok: false; error: string };

/**
 * `realpath` of a root, or the resolved path when it does not exist. Called once per root when a
 * context is built (`createToolContext`); everything after that trusts `ToolContext.root`.
 */
export function realRoot(root: string): string {
  const abs = path.resolve(root);
  try {
    return fs.realpathSync.native(abs);
  } catch {
    return abs;
  }
}

/** True when `p` is `dir` or lies below it. Both must be absolute and normalised. */
export function isWithin(p: string, dir: string): boolean {
  if (p === dir) return true;
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  return p.startsWith(prefix);
}

type Resolved = { ok: true; abs: string } | { ok: false; why: string };

/**
 * Resolves symlinks on the deepest existing ancestor of `abs` and appends the rest, so a file
 * about to be created resolves too. Dangling links and loops are refused: writing through a
 * dangling link would create its target wherever it points.
 */
function resolveDeepest(abs: string): Resolved {
  const rest: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      const real = fs.realpathSync.native(cur);
      return { ok: true, abs: rest.length === 0 ? real : path.join(real, ...rest.reverse()) };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') return { ok: false, why: `${cur} is part of a symlink loop` };
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        return { ok: false, why: `cannot resolve ${cur}: ${(err as Error).message}` };
      }
      let isLink: boolean;
      try {
        isLink = fs.lstatSync(cur).isSymbolicLink();
      } catch {
        isLink = false;
      }
      if (isLink) return { ok: false, why: `${cur} is a symlink whose target does not exist` };
      const parent = path.dirname(cur);
      if (parent === cur) return { ok: true, abs };
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

/**
 * The path jail. `path` is resolved against `root`; symlinks are resolved on the deepest existing
 * ancestor; the result must lie under the root or, for `access: 'read'` only, under one of
 * `extraReadRoots`. The roots are trusted as given: they must already be realpath'd, as
 * `createToolContext` makes them (a root that is still a symlink refuses everything, since no
 * resolved path lies under it). `abs` is what callers must touch: it contains no symlinks up to
 * the deepest existing component. Errors name the path and root.
 */
export function resolveInJail(
  root: string,
  extraReadRoots: readonly string[],
  p: string,
  access: 'read' | 'write',
  writeRoots: readonly string[] = [],
): JailResult {
  const rootReal = path.resolve(root);
  if (typeof p !== 'string' || p.length === 0) {
    return { ok: false, error: `Path is empty; give a path inside the work root ${rootReal}.` };
  }
  if (p.includes('\0')) {
    return {
      ok: false,
      error: `Path ${JSON.stringify(p)} contains a NUL byte; it cannot name a file under ${rootReal}.`,
    };
  }
  const resolved = resolveDeepest(path.resolve(rootReal, p));
  if (!resolved.ok) {
    return { ok: false, error: `Path ${JSON.stringify(p)} refused: ${resolved.why} (work root ${rootReal}).` };
  }
  if (isWithin(resolved.abs, rootReal)) return { ok: true, abs: resolved.abs, insideRoot: true };
  // An added writable root (`--add-dir`) is the work root's equal, for reading and writing.
  for (const extra of writeRoots) {
    if (isWithin(resolved.abs, extra)) return { ok: true, abs: resolved.abs, insideRoot: true };
  }
  if (access === 'read') {
    for (const extra of extraReadRoots) {
      if (isWithin(resolved.abs, extra)) return { ok: true, abs: resolved.abs, insideRoot: false };
    }
  }
  const added = writeRoots.length > 0 ? ` and the added directories (${writeRoots.join(', ')})` : '';
  const where =
    access === 'read' && extraReadRoots.length > 0
      ? `the work root ${rootReal}${added} and the skill directories (${extraReadRoots.join(', ')})`
      : `the work root ${rootReal}${added}`;
  return { ok: false, error: `Path ${JSON.stringify(p)} resolves to ${resolved.abs}, which is outside ${where}.` };
}

/** How a path is shown to the model: relative to the (realpath'd) root when inside it, absolute otherwise. */
export function displayPath(root: string, abs: string): string {
  const rootReal = path.resolve(root);
  if (abs === rootReal) return '.';
  if (isWithin(abs, rootReal)) return path.relative(rootReal, abs).split(path.sep).join('/');
  return abs;
}
