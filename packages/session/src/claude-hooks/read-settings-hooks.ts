/**
 * The `hooks` key of Claude Code's three settings files, and nothing else of them:
 * `~/.claude/settings.json` (user), `<root>/.claude/settings.json` (project),
 * `<root>/.claude/settings.local.json` (local). The repository's two are trusted only when the
 * repository is. A stand-in for the full settings loader: it reads the same files.
 */
import { join } from 'node:path';
import { readJsonFile } from './read-json-file.js';
import type { HookSource } from './types.js';

export interface SettingsHooks {
  sources: HookSource[];
  problems: string[];
}

export function readSettingsHooks(home: string, root: string, repositoryTrusted: boolean): SettingsHooks {
  const files = [
    { source: 'user settings', file: join(home, '.claude', 'settings.json'), trusted: true },
    { source: 'project settings', file: join(root, '.claude', 'settings.json'), trusted: repositoryTrusted },
    { source: 'local settings', file: join(root, '.claude', 'settings.local.json'), trusted: repositoryTrusted },
  ];
  const out: SettingsHooks = { sources: [], problems: [] };
  for (const f of files) {
    const read = readJsonFile(f.file);
    if (!read.ok) {
      if (!read.missing) out.problems.push(read.message);
      continue;
    }
    const value = read.value;
    const hooks = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['hooks'] : undefined;
    if (hooks !== undefined) out.sources.push({ ...f, hooks });
  }
  return out;
}
