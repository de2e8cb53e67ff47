/**
 * The names of the servers settings files and enabled plugins configure, read before the
 * session's settings are merged: rules are checked against the rule table before anything else
 * (`--allowed-tools mcp__github`, a settings file's `permissions.allow`), and the table needs an
 * entry for every server a rule may name. Names only: whether such a server starts is decided
 * later (trust, `--strict-mcp-config`); an entry for one that does not start matches nothing.
 */
import { join } from 'node:path';
import { mergeSources } from '@coding-harness/mcp';
import { installedPluginRoots } from '@coding-harness/skills';
import type { PluginRecord } from '@coding-harness/skills';
import { enabledPluginsNow } from '../agents/enabled-plugins.js';
import { repositoryKey, trustDecision, trustFile } from '../trust.js';
import { readJsonFile } from '../claude-hooks/read-json-file.js';
import type { HarnessEnv } from '../config.js';
import { pluginsSources } from './extra-sources.js';

const SETTINGS_FILES = (home: string, root: string): string[] => [
  join(home, '.claude', 'settings.json'),
  join(root, '.claude', 'settings.json'),
  join(root, '.claude', 'settings.local.json'),
];

export function extraServerNames(
  flags: { strictMcpConfig?: boolean; untrusted: boolean },
  env: HarnessEnv,
  home: string,
  root: string,
): string[] {
  if (flags.strictMcpConfig) return [];
  const names = new Set<string>();
  for (const file of SETTINGS_FILES(home, root)) {
    const read = readJsonFile(file);
    const servers = read.ok ? (read.value as { mcpServers?: unknown } | null)?.mcpServers : undefined;
    if (typeof servers === 'object' && servers !== null && !Array.isArray(servers))
      for (const name of Object.keys(servers)) names.add(name);
  }
  const trusted =
    !flags.untrusted && trustDecision(trustFile(env, home), repositoryKey(root, home)).decision === 'trusted';
  const enabled = enabledPluginsNow({ home, workroot: root, env, trusted });
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
