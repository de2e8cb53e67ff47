/**
 * The memory files of a session, read once at start, in the order Claude Code reads them: the
 * harness's own AGENTS.md / CLAUDE.md (its config dir), `~/.claude/CLAUDE.md`, then from the
 * repository's top folder down to the work root each folder's AGENTS.md, CLAUDE.md and
 * CLAUDE.local.md, every one with its `@path` imports appended. With `projectFiles` false
 * (`--untrusted`) the repository's files are not read. Never throws: a file that cannot be read
 * is a notice naming it.
 */
import { realpathSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { readRegularFile, refusalText } from '@coding-harness/skills';
import { followImports, MEMORY_MAX_BYTES } from './imports.js';

/** Where a memory file comes from: the harness's config dir, the user's `~/.claude`, the repository. */
export type MemoryScope = 'harness' | 'user' | 'project';

/** The names read in each folder of the repository, in this order. */
export const PROJECT_MEMORY_NAMES = ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md'] as const;

/** One memory file as the model gets it. */
export interface MemoryFile {
  name: string;
  path: string;
  scope: MemoryScope;
  /** The file's text, then each imported file's under a `# @ref (path)` heading. */
  text: string;
  /** The imported files' paths, in order. */
  imports: string[];
}

export interface LoadedMemory {
  files: MemoryFile[];
  notices: string[];
}

export interface MemoryInputs {
  home: string;
  /** The harness's config dir (`~/.config/coding-harness`). */
  configDir: string;
  workroot: string;
  /** The repository's top folder (git top-level, else the work root). */
  repository: string;
  /** False (`--untrusted`): the repository's files are not read. */
  projectFiles: boolean;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The folders from `top` down to `workroot` (only `workroot` when it is not under `top`). */
function foldersDown(top: string, workroot: string): string[] {
  const rel = relative(top, workroot);
  if (rel === '') return [workroot];
  if (rel.startsWith('..') || rel.startsWith(sep)) return [workroot];
  const parts = rel.split(sep);
  return [top, ...parts.map((_, i) => join(top, ...parts.slice(0, i + 1)))];
}

/** Every file to look for, with its scope and the roots its imports must stay in. */
function candidates(inputs: MemoryInputs): { path: string; scope: MemoryScope; roots: string[] }[] {
  const userRoots = [real(inputs.home), real(inputs.configDir)];
  const list: { path: string; scope: MemoryScope; roots: string[] }[] = [
    ...['AGENTS.md', 'CLAUDE.md'].map((n) => ({
      path: join(inputs.configDir, n),
      scope: 'harness' as const,
      roots: userRoots,
    })),
    { path: join(inputs.home, '.claude', 'CLAUDE.md'), scope: 'user', roots: userRoots },
  ];
  if (!inputs.projectFiles) return list;
  const repo = real(inputs.repository);
  for (const dir of foldersDown(inputs.repository, inputs.workroot))
    for (const name of PROJECT_MEMORY_NAMES) list.push({ path: join(dir, name), scope: 'project', roots: [repo] });
  return list;
}

/** Reads the memory files; see the module comment. */
export function loadMemory(inputs: MemoryInputs): LoadedMemory {
  const files: MemoryFile[] = [];
  const notices: string[] = [];
  const seen = new Set<string>();
  for (const { path, scope, roots } of candidates(inputs)) {
    const read = readRegularFile(path, MEMORY_MAX_BYTES);
    if (!read.ok) {
      if (read.why !== 'missing') notices.push(`could not read ${path}: it ${refusalText(read)}`);
      continue;
    }
    const realPath = real(path);
    if (seen.has(realPath)) continue;
    seen.add(realPath);
    const text = read.bytes.toString('utf8');
    const imported = followImports(realPath, text, {
      home: inputs.home,
      allowedRoots: roots,
      notices,
      seen: new Set(),
    });
    const body = [text.trim(), ...imported.map((i) => `# @${i.ref} (${i.path})\n\n${i.text.trim()}`)].join('\n\n');
    files.push({ name: basename(path), path, scope, text: body, imports: imported.map((i) => i.path) });
  }
  return { files, notices };
}
