/**
 * MCP configuration beyond Claude Code's MCP files: the settings files' `mcpServers` (the
 * `settings` scope, one source per file so a problem names it) and the installed plugins' servers
 * (the `plugin` scope): a plugin's `.mcp.json` at its root, or its `.claude-plugin/plugin.json`
 * `mcpServers` (an object of servers, or a path or list of paths to such files inside the
 * plugin), with `${CLAUDE_PLUGIN_ROOT}` standing for the plugin's folder (Claude Code's plugin
 * reference). A plugin of the repository (a project plugin folder) counts only once the
 * repository is trusted. And the settings keys that approve or hold back `.mcp.json` servers.
 */
import { join, relative, resolve, sep } from 'node:path';
import type { ConfigSource } from '@coding-harness/mcp';
import { readRegularFile } from '@coding-harness/skills';
import type { MergedSettings } from '../settings/types.js';

const MAX_BYTES = 4 << 20;

/** A plugin as discovery loaded it. */
export interface McpPlugin {
  name: string;
  dir: string;
  /** Where the plugin came from: `project` plugins need a trusted repository. */
  source: string;
}

/** What settings say about `.mcp.json` servers, each value with the file that says it. */
export interface ProjectServerSettings {
  enableAll?: { value: boolean; file: string };
  enabled: readonly { value: string; file: string }[];
  disabled: readonly { value: string; file: string }[];
}

export function projectServerSettings(settings: MergedSettings): ProjectServerSettings {
  return {
    ...(settings.enableAllProjectMcpServers ? { enableAll: settings.enableAllProjectMcpServers } : {}),
    enabled: settings.enabledMcpjsonServers,
    disabled: settings.disabledMcpjsonServers,
  };
}

/** The settings files' servers as sources, one per file. */
export function settingsSources(settings: MergedSettings): ConfigSource[] {
  const byFile = new Map<string, Record<string, unknown>>();
  for (const [name, entry] of Object.entries(settings.mcpServers)) {
    const servers = byFile.get(entry.file) ?? {};
    servers[name] = entry.value;
    byFile.set(entry.file, servers);
  }
  return [...byFile].map(([file, servers]) => ({
    scope: 'settings' as const,
    source: file,
    text: JSON.stringify({ mcpServers: servers }),
  }));
}

/** `text` with `${CLAUDE_PLUGIN_ROOT}` as the plugin's folder (escaped for a JSON string). */
function withRoot(text: string, dir: string): string {
  return text.split('${CLAUDE_PLUGIN_ROOT}').join(JSON.stringify(dir).slice(1, -1));
}

/**
 * A plugin's server file as a source's text: plugins write the servers at the top
 * (`{"github": {...}}`, as the official marketplace's do) or under `mcpServers`; both are read.
 */
function pluginServersText(text: string, dir: string): string {
  const rooted = withRoot(text, dir);
  const value = JSON.parse(rooted) as unknown;
  const wrapped = typeof value === 'object' && value !== null && 'mcpServers' in value ? value : { mcpServers: value };
  return JSON.stringify(wrapped);
}

function readJson(file: string): { value: unknown; text: string } | { missing: true } | { error: string } {
  const read = readRegularFile(file, MAX_BYTES);
  if (!read.ok)
    return read.why === 'missing' ? { missing: true } : { error: `${file}: could not be read (${read.why})` };
  const text = read.bytes.toString('utf8');
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    return { error: `${file}: is not valid JSON` };
  }
}

/** A path a plugin.json names, inside the plugin (a path out of it is refused). */
function inside(dir: string, path: string): string | undefined {
  const full = resolve(dir, path);
  const rel = relative(dir, full);
  return rel === '' || rel.startsWith(`..${sep}`) || rel === '..' ? undefined : full;
}

/** One plugin's sources and problems. */
function pluginSources(plugin: McpPlugin): { sources: ConfigSource[]; problems: string[] } {
  const sources: ConfigSource[] = [];
  const problems: string[] = [];
  const fromFile = (file: string, required: boolean): void => {
    const read = readJson(file);
    if ('missing' in read) {
      if (required) problems.push(`MCP config of plugin ${plugin.name}: ${file} does not exist`);
    } else if ('error' in read) problems.push(`MCP config of plugin ${plugin.name}: ${read.error}`);
    else sources.push({ scope: 'plugin', source: file, text: pluginServersText(read.text, plugin.dir) });
  };
  const manifest = readJson(join(plugin.dir, '.claude-plugin', 'plugin.json'));
  const named = 'value' in manifest ? (manifest.value as { mcpServers?: unknown } | null)?.mcpServers : undefined;
  if (named === undefined) fromFile(join(plugin.dir, '.mcp.json'), false);
  else if (typeof named === 'object' && named !== null && !Array.isArray(named))
    sources.push({
      scope: 'plugin',
      source: join(plugin.dir, '.claude-plugin', 'plugin.json'),
      text: withRoot(JSON.stringify({ mcpServers: named }), plugin.dir),
    });
  else
    for (const path of Array.isArray(named) ? named : [named]) {
      const file = typeof path === 'string' ? inside(plugin.dir, path) : undefined;
      if (file === undefined)
        problems.push(
          `MCP config of plugin ${plugin.name}: plugin.json mcpServers ${JSON.stringify(path)} is not a path inside the plugin`,
        );
      else fromFile(file, true);
    }
  return { sources, problems };
}

/** Every plugin's sources; a repository's plugins only when `trusted`. */
export function pluginsSources(
  plugins: readonly McpPlugin[],
  trusted: boolean,
): { sources: ConfigSource[]; problems: string[] } {
  const sources: ConfigSource[] = [];
  const problems: string[] = [];
  for (const plugin of plugins) {
    if (plugin.source === 'project' && !trusted) continue;
    const found = pluginSources(plugin);
    sources.push(...found.sources);
    problems.push(...found.problems);
  }
  return { sources, problems };
}

/**
 * What `startMcp` takes from settings and plugins; nothing with `--strict-mcp-config` (only the
 * flag's servers, as in Claude Code).
 */
export function mcpExtras(
  flags: { strictMcpConfig?: boolean },
  settings: MergedSettings,
  plugins: readonly McpPlugin[],
  trusted: boolean,
): { extra?: { sources: ConfigSource[]; problems: string[] }; projectSettings: ProjectServerSettings } {
  const projectSettings = projectServerSettings(settings);
  if (flags.strictMcpConfig) return { projectSettings };
  const fromPlugins = pluginsSources(plugins, trusted);
  return {
    extra: { sources: [...settingsSources(settings), ...fromPlugins.sources], problems: fromPlugins.problems },
    projectSettings,
  };
}
