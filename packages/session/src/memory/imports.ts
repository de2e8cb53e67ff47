/**
 * `@path` imports in a memory file, as Claude Code reads them: a word starting with `@` outside
 * code spans and fenced blocks names a file, relative to the importing file (`@~/x` from the
 * home folder). Imported files are followed to a depth of 5; a file already on the chain is cut
 * (no cycle); a file outside the folders the importing file's owner controls is refused (a
 * repository's CLAUDE.md must not pull `~/.ssh/id_rsa` into the prompt).
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { readRegularFile, refusalText } from '@coding-harness/skills';

/** How deep imports are followed (Claude Code's limit). */
export const MAX_IMPORT_DEPTH = 5;
/** A memory or imported file larger than this is not read. */
export const MEMORY_MAX_BYTES = 256 * 1024;

/** The `@path` words of `text`, outside fenced code blocks and code spans, in order. */
export function importPaths(text: string): string[] {
  const paths: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/(?:^|\s)@((?:~\/|\.{0,2}\/)?[A-Za-z0-9_./~-]+)/g)) {
      const path = m[1]!.replace(/[.,;:]+$/, '');
      // An address (`@user`, `@scope/package`) names no file: only a path with a slash or a dot counts.
      if (path.includes('/') || path.includes('.')) paths.push(path);
    }
  }
  return paths;
}

const within = (path: string, dir: string): boolean =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** One imported file. */
export interface ImportedFile {
  /** As written (`@docs/style.md`). */
  ref: string;
  path: string;
  text: string;
  depth: number;
}

export interface ImportContext {
  home: string;
  /** Realpaths an import must lie under (the repository for its files; home for the user's). */
  allowedRoots: readonly string[];
  notices: string[];
  /** Files already imported for this memory file (a file two others import comes once). */
  seen: Set<string>;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The files `text` (read from `file`) imports, depth first, each once; problems are notices naming the file. */
export function followImports(
  file: string,
  text: string,
  ctx: ImportContext,
  chain: readonly string[] = [file],
  depth = 1,
): ImportedFile[] {
  const out: ImportedFile[] = [];
  for (const ref of importPaths(text)) {
    const target = ref.startsWith('~/')
      ? join(ctx.home, ref.slice(2))
      : isAbsolute(ref)
        ? ref
        : resolve(dirname(file), ref);
    const real = realOrUndefined(target);
    if (real === undefined) continue; // `@someone` prose or a file not there: nothing to import.
    if (!ctx.allowedRoots.some((root) => within(real, root))) {
      ctx.notices.push(`${file}: @${ref} was not imported: ${real} is outside ${ctx.allowedRoots.join(' and ')}`);
      continue;
    }
    if (chain.includes(real) || ctx.seen.has(real)) continue;
    if (depth > MAX_IMPORT_DEPTH) {
      ctx.notices.push(`${file}: @${ref} was not imported: imports go ${MAX_IMPORT_DEPTH} deep at most`);
      continue;
    }
    const read = readRegularFile(real, MEMORY_MAX_BYTES);
    if (!read.ok) {
      ctx.notices.push(`${file}: @${ref} was not imported: ${real} ${refusalText(read)}`);
      continue;
    }
    ctx.seen.add(real);
    const imported = read.bytes.toString('utf8');
    out.push({ ref, path: real, text: imported, depth });
    out.push(...followImports(real, imported, ctx, [...chain, real], depth + 1));
  }
  return out;
}
