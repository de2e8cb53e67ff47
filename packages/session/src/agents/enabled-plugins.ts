/**
 * Claude Code's `enabledPlugins` (`{ "name@marketplace": true }`) as discovery takes it, from the
 * one settings loader's merge (settings/load.ts): each file parsed there once, the higher file
 * winning per name, and the trust rule applied there (an untrusted repository's `true` is
 * withheld, its `false` counts). Here only the values are picked, and the withheld entries
 * become notes naming their file for `harness skills`.
 */
import type { SkillIssue } from '@coding-harness/skills';
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
