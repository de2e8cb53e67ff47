/**
 * Claude Code's `enabledPlugins` (`{ "name@marketplace": true }`) as discovery takes it, from the
 * one settings loader's merge (settings/load.ts): each file parsed there once, the higher file
 * winning per name, and the trust rule applied there (an untrusted repository's `true` is
 * withheld, its `false` counts). Here only the values are picked, and the withheld entries
 * become notes naming their file for `harness skills`.
 */
import type { SkillIssue } from '@coding-harness/skills';
import { readJsonFile } from '../claude-hooks/read-json-file.js';
import type { HarnessEnv } from '../config.js';
import { SETTINGS_KEYS } from '../settings/keys.js';
import { settingsSources } from '../settings/sources.js';
import { emptySettings } from '../settings/types.js';
import type { LoadedSettings } from '../settings/types.js';

export interface EnabledPlugins {
  enabled: Record<string, boolean>;
  /** The repository's entries that stay off until it is trusted, each naming its file. */
  notes: SkillIssue[];
}

/** `enabledPlugins` from the loaded settings; see the module comment. */
export function enabledPluginsOf(loaded: Pick<LoadedSettings, 'settings' | 'withheld'>): EnabledPlugins {
  const enabled: Record<string, boolean> = {};
  for (const [name, on] of Object.entries(loaded.settings.enabledPlugins))
    Object.defineProperty(enabled, name, { value: on.value, enumerable: true, writable: true, configurable: true });
  const notes: SkillIssue[] = [];
  for (const { file, keys } of loaded.withheld)
    for (const key of keys)
      if (key.startsWith('enabledPlugins'))
        notes.push({
          path: file,
          message: `${key} stay off until this repository is trusted; rerun with --trust to trust it`,
        });
  return { enabled, notes };
}

/**
 * The same merge read synchronously, for a caller that runs before the loader can (the MCP rule
 * names, needed to build the rule table the loader's rules are checked against): the loader's
 * sources and its key table's `enabledPlugins` merge, so the trust rule is still the table's.
 */
export function enabledPluginsNow(input: {
  home: string;
  workroot: string;
  env: HarnessEnv;
  /** Whether the repository's `true` entries count (trusted, recorded or `--trust`). */
  trusted: boolean;
}): Record<string, boolean> {
  const into = emptySettings();
  const row = SETTINGS_KEYS.find((k) => k.key === 'enabledPlugins');
  for (const source of settingsSources(input)) {
    const read = readJsonFile(source.file);
    const value = read.ok ? (read.value as { enabledPlugins?: unknown } | null)?.enabledPlugins : undefined;
    if (value === undefined || row === undefined) continue;
    row.merge(into, value, { file: source.file, scope: source.scope, restricted: source.repository && !input.trusted });
  }
  const out: Record<string, boolean> = {};
  for (const [name, on] of Object.entries(into.enabledPlugins))
    Object.defineProperty(out, name, { value: on.value, enumerable: true, writable: true, configurable: true });
  return out;
}
