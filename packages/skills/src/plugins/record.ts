/**
 * What a Claude Code plugin ships besides skills and commands, as paths: its agents, its hooks
 * and its MCP servers, where Claude Code looks for them (the default folders, or what
 * `.claude-plugin/plugin.json` names). Nothing here reads those files: the session's agents,
 * hooks and MCP code do, and say what is wrong with them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PluginRecord, SkillSource } from '../types.js';

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** A manifest path field (`"./x"` or `["./x", "./y"]`) resolved against the plugin folder; others are ignored. */
function paths(value: unknown, dir: string): string[] {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return list.filter((v): v is string => typeof v === 'string' && v !== '').map((v) => path.resolve(dir, v));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The record of the plugin in `dir` named `name`: `agents/` when it exists plus the manifest's
 * `agents` paths; `hooks/hooks.json` when it exists, else the manifest's `hooks` file (an inline
 * object is kept as `hooks`); `.mcp.json` when it exists, else the manifest's `mcpServers` file
 * (an inline object is kept as `mcpServers`).
 */
export function pluginRecord(
  dir: string,
  name: string,
  source: SkillSource,
  manifest: Readonly<Record<string, unknown>>,
): PluginRecord {
  const agentsDir = path.join(dir, 'agents');
  const agents = [...(exists(agentsDir) ? [agentsDir] : []), ...paths(manifest.agents, dir)];
  const record: PluginRecord = { name, dir, source, agents };
  if (typeof manifest.version === 'string' && manifest.version !== '') record.version = manifest.version;
  const hooksFile = path.join(dir, 'hooks', 'hooks.json');
  const namedHooks = paths(manifest.hooks, dir)[0];
  if (exists(hooksFile)) record.hooksFile = hooksFile;
  else if (namedHooks !== undefined) record.hooksFile = namedHooks;
  if (isObject(manifest.hooks)) record.hooks = manifest.hooks;
  const mcpFile = path.join(dir, '.mcp.json');
  const namedMcp = paths(manifest.mcpServers, dir)[0];
  if (exists(mcpFile)) record.mcpFile = mcpFile;
  else if (namedMcp !== undefined) record.mcpFile = namedMcp;
  if (isObject(manifest.mcpServers)) record.mcpServers = manifest.mcpServers;
  return record;
}
