/**
 * A subfolder's memory files, attached when the model first reads something under that folder
 * (Claude Code loads a monorepo package's CLAUDE.md only once work reaches it). The text goes
 * after the reading call's own result, as a reminder in the same tool result: nothing earlier in
 * the conversation changes, so the cached prefix stays as it was. Each folder is attached once
 * a session; the folders from the repository's top to the work root were loaded at start.
 */
import { realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Hooks } from '@coding-harness/agent';
import { readRegularFile } from '@coding-harness/skills';
import { followImports, MEMORY_MAX_BYTES } from './imports.js';
import { PROJECT_MEMORY_NAMES } from './load.js';

export interface NestedMemoryOptions {
  home: string;
  workroot: string;
  repository: string;
}

/** The folders strictly below `workroot` down to `dir` (empty when `dir` is not below it). */
function foldersBelow(workroot: string, dir: string): string[] {
  const rel = relative(workroot, dir);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep)) return [];
  const parts = rel.split(sep);
  return parts.map((_, i) => join(workroot, ...parts.slice(0, i + 1)));
}

function folderOf(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : dirname(real);
  } catch {
    return undefined;
  }
}

/** The memory files of `dir`, each with its imports, as one reminder text; '' when it has none. */
function folderMemory(dir: string, options: NestedMemoryOptions, notices: string[]): string {
  const texts: string[] = [];
  for (const name of PROJECT_MEMORY_NAMES) {
    const file = join(dir, name);
    const read = readRegularFile(file, MEMORY_MAX_BYTES);
    if (!read.ok) continue;
    const text = read.bytes.toString('utf8');
    const imported = followImports(file, text, {
      home: options.home,
      allowedRoots: [options.repository],
      notices,
      seen: new Set(),
    });
    texts.push(
      [`# ${name} (${file})`, text.trim(), ...imported.map((i) => `# @${i.ref} (${i.path})\n\n${i.text.trim()}`)].join(
        '\n\n',
      ),
    );
  }
  return texts.join('\n\n');
}

/** The plugin: after a reading tool's call, the memory of each folder it reached for the first time. */
export function nestedMemoryPlugin(options: NestedMemoryOptions): Hooks {
  const root = realpathSync(options.workroot);
  const seen = new Set<string>();
  return {
    name: 'nested memory',
    afterToolCall(call, result) {
      if (result.isError || call.tool.kind !== 'read') return undefined;
      const path = (call.input as { path?: unknown } | null)?.path;
      if (typeof path !== 'string' || path === '') return undefined;
      const dir = folderOf(resolve(root, path));
      if (dir === undefined) return undefined;
      const notices: string[] = [];
      const texts = foldersBelow(root, dir)
        .filter((d) => !seen.has(d) && seen.add(d))
        .map((d) => folderMemory(d, options, notices))
        .filter((t) => t !== '');
      if (texts.length === 0) return undefined;
      const reminder = `<system-reminder>\nMemory files of the folder just read (they apply to work under it):\n\n${texts.join('\n\n')}\n</system-reminder>`;
      return { result: { ...result, content: [...result.content, { type: 'text', text: reminder }] } };
    },
  };
}
