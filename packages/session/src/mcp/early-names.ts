/**
 * The names of the servers the settings and enabled plugins configure, read before the session's
 * settings are merged for real: rules are checked against the rule table before anything else
 * (`--allowed-tools mcp__github`, a settings file's `permissions.allow`), and the table needs an
 * entry for every server a rule may name. The values come from the one settings loader
 * (settings/load.ts: the user's, the harness's own, the repository's and `--settings`, as
 * `--setting-sources` picks), read as if the repository were trusted: names only, whether such a
 * server starts is decided later (trust, `--strict-mcp-config`); an entry for one that does not
 * start matches nothing.
 */
import { resolve } from 'node:path';
import { mergeSources } from '@coding-harness/mcp';
import { installedPluginRoots } from '@coding-harness/skills';
import type { PluginRecord } from '@coding-harness/skills';
import { enabledPluginsOf } from '../agents/enabled-plugins.js';
import type { HarnessEnv } from '../config.js';
import { loadSettings } from '../settings/load.js';
import { pluginsSources } from './extra-sources.js';

export interface EarlyNamesFlags {
  strictMcpConfig?: boolean;
  untrusted: boolean;
  /** `--settings`: a path (against `cwd`) or inline JSON. */
  settings?: string;
  settingSources?: string[];
}

export async function extraServerNames(
  flags: EarlyNamesFlags,
  env: HarnessEnv,
  home: string,
  root: string,
  cwd: string = root,
): Promise<string[]> {
  if (flags.strictMcpConfig) return [];
  const settingsFlag =
    flags.settings === undefined || flags.settings.trimStart().startsWith('{')
      ? flags.settings
      : resolve(cwd, flags.settings);
  const loaded = await loadSettings({
    home,
    workroot: root,
    env,
    // Names only: a repository's servers are named before its trust question; they start only once trusted.
    trusted: !flags.untrusted,
    ...(flags.settingSources !== undefined ? { only: flags.settingSources } : {}),
    ...(settingsFlag !== undefined ? { settingsFlag } : {}),
  });
  const names = new Set(Object.keys(loaded.settings.mcpServers));
  const enabled = enabledPluginsOf(loaded).enabled;
  if (Object.values(enabled).some((on) => on)) {
    const plugins: PluginRecord[] = [];
    installedPluginRoots(
      { home, workroot: root, enabled },
      { problem: () => undefined, note: () => undefined, plugin: (record) => void plugins.push(record) },
    );
    for (const server of mergeSources(pluginsSources(plugins, true).sources).servers) names.add(server.name);
  }
  return [...names];
}
