/**
 * The servers `harness mcp list|get` show: the same sources a session here reads (Claude Code's
 * MCP files, the settings files' `mcpServers`, enabled plugins' servers) and the settings that
 * approve or hold back the repository's `.mcp.json` servers, with the repository's recorded trust.
 */
import type { ConfiguredServer } from '@coding-harness/mcp';
import { installedPluginRoots } from '@coding-harness/skills';
import type { PluginRecord } from '@coding-harness/skills';
import { enabledPluginsOf } from '../agents/enabled-plugins.js';
import type { HarnessEnv } from '../config.js';
import { loadSettings } from '../settings/load.js';
import { repositoryKey, trustDecision, trustFile } from '../trust.js';
import { mcpExtras } from './extra-sources.js';
import type { ProjectServerSettings } from './extra-sources.js';
import { loadMcpServers } from './load.js';

export interface CliServers {
  servers: ConfiguredServer[];
  problems: string[];
  trusted: boolean;
  repo: string;
  projectSettings: ProjectServerSettings;
}

export async function cliServers(
  root: string,
  ctx: { env: HarnessEnv; home: string; cwd: string },
): Promise<CliServers> {
  const repo = repositoryKey(root, ctx.home);
  const trusted = trustDecision(trustFile(ctx.env, ctx.home), repo).decision === 'trusted';
  const settings = await loadSettings({ home: ctx.home, workroot: root, env: ctx.env, trusted });
  const plugins: PluginRecord[] = [];
  const enabled = enabledPluginsOf(settings).enabled;
  installedPluginRoots(
    { home: ctx.home, workroot: root, enabled },
    { problem: () => undefined, note: () => undefined, plugin: (record) => void plugins.push(record) },
  );
  const extras = mcpExtras({}, settings.settings, plugins, trusted);
  const read = loadMcpServers({
    root,
    home: ctx.home,
    cwd: ctx.cwd,
    configFlags: [],
    strict: false,
    ...(extras.extra ? { extraSources: extras.extra.sources } : {}),
  });
  return {
    servers: read.servers,
    problems: [...read.problems, ...(extras.extra?.problems ?? [])],
    trusted,
    repo,
    projectSettings: extras.projectSettings,
  };
}
