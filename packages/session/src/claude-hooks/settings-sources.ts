/**
 * The settings files' hooks as hook sources, taken from the one settings loader (settings/load.ts):
 * every file is parsed there once and its trust rule applied there. One source per file, in
 * precedence order; the groups an untrusted repository's files hold come as sources that are
 * listed, never run.
 */
import type { HookGroupSource, MergedSettings } from '../settings/types.js';
import type { SettingsScope } from '../settings/sources.js';
import type { HookSource } from './types.js';

/** How `/hooks` and the notices name each scope. */
const SCOPE_NAMES: Record<SettingsScope, string> = {
  user: 'user settings',
  harness: 'harness settings',
  project: 'project settings',
  local: 'local settings',
  flag: '--settings',
};

function byFile(groups: readonly HookGroupSource[], trusted: boolean): HookSource[] {
  const files = new Map<string, HookSource & { hooks: Record<string, unknown[]> }>();
  for (const g of groups) {
    let source = files.get(g.file);
    if (source === undefined) {
      source = { source: SCOPE_NAMES[g.scope], file: g.file, trusted, hooks: {} };
      files.set(g.file, source);
    }
    const list = source.hooks[g.event] ?? [];
    list.push(g.group);
    source.hooks[g.event] = list;
  }
  return [...files.values()];
}

/** The hooks the settings files give: those that run, then the repository's withheld ones. */
export function settingsHookSources(settings: Pick<MergedSettings, 'hooks' | 'withheldHooks'>): HookSource[] {
  return [...byFile(settings.hooks, true), ...byFile(settings.withheldHooks, false)];
}
