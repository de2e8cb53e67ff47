/**
 * Where settings files live, lowest precedence first, as data: Claude Code's user file, the
 * harness's own user file, the repository's shared and local files, then `--settings`. A later
 * scope overrides an earlier one key by key; rule lists are concatenated (see merge.ts).
 */
import { join } from 'node:path';
import { configDir } from '../config.js';
import type { HarnessEnv } from '../config.js';

/** Claude Code's scope names, plus `harness` for `$XDG_CONFIG_HOME/coding-harness/settings.json`. */
export type SettingsScope = 'user' | 'harness' | 'project' | 'local' | 'flag';

/** One place settings may come from. */
export interface SettingsSource {
  scope: SettingsScope;
  /** The file's path; for `--settings '{...}'` the literal `--settings` (inline JSON has no file). */
  file: string;
  /** True for files the repository ships: they grant nothing until the repository is trusted. */
  repository: boolean;
  /** Inline JSON text given to `--settings` instead of a path. */
  inline?: string;
}

export interface SourceInputs {
  home: string;
  workroot: string;
  env: HarnessEnv;
  /** `--settings` as given: a path (resolved by the caller against the cwd) or inline JSON. */
  settingsFlag?: string;
  /**
   * `--setting-sources`: the scopes read (`user` also covers the harness's own user file);
   * absent: every scope. `--settings` is read whatever it says.
   */
  only?: readonly string[];
}

/** The `--setting-sources` word each scope answers to. */
const SOURCE_WORD: Record<SettingsScope, string | undefined> = {
  user: 'user',
  harness: 'user',
  project: 'project',
  local: 'local',
  flag: undefined,
};

/** The file `always for this project` answers are written to. */
export function localSettingsFile(workroot: string): string {
  return join(workroot, '.claude', 'settings.local.json');
}

/** The harness's own user settings file (`$XDG_CONFIG_HOME/coding-harness/settings.json`). */
export function harnessSettingsFile(env: HarnessEnv, home: string): string {
  return join(configDir(env, home), 'settings.json');
}

/** Every source, lowest precedence first. */
export function settingsSources(inputs: SourceInputs): SettingsSource[] {
  const sources: SettingsSource[] = [
    { scope: 'user', file: join(inputs.home, '.claude', 'settings.json'), repository: false },
    { scope: 'harness', file: harnessSettingsFile(inputs.env, inputs.home), repository: false },
    { scope: 'project', file: join(inputs.workroot, '.claude', 'settings.json'), repository: true },
    { scope: 'local', file: localSettingsFile(inputs.workroot), repository: true },
  ];
  const only = inputs.only;
  if (only !== undefined)
    sources.splice(0, sources.length, ...sources.filter((s) => only.includes(SOURCE_WORD[s.scope] ?? '')));
  const flag = inputs.settingsFlag;
  if (flag !== undefined) {
    // Claude Code takes a file or a JSON object: text that starts with `{` is the object itself.
    if (flag.trimStart().startsWith('{'))
      sources.push({ scope: 'flag', file: '--settings', repository: false, inline: flag });
    else sources.push({ scope: 'flag', file: flag, repository: false });
  }
  return sources;
}
