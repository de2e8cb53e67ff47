/**
 * Claude Code plugin layouts given to `--skills`: a plugin (`.claude-plugin/plugin.json` and/or
 * `skills/`, `commands/`) and a folder of plugins (a marketplace with
 * `.claude-plugin/marketplace.json`, or `plugins/<p>/`). Each becomes plain roots for the scan, with
 * the plugin's name as the namespace of everything in it (`<plugin>:<skill>`). Only local folders
 * are read: a marketplace entry with a git or URL source is named in a note, never fetched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile, refusalText } from './read-regular.js';
import type { RootSpec } from './roots.js';
import { pluginRecord } from './plugins/record.js';
import type { PluginRecord, SkillIssue } from './types.js';

/** A plugin name: what goes before the colon. Claude Code asks for kebab-case. */
const PLUGIN_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/** Where a plugin layout says what it found. */
export interface LayoutSink {
  problem(issue: SkillIssue): void;
  note(issue: SkillIssue): void;
  /** Told of each plugin folder whose roots are returned (what it ships besides skills). */
  plugin?(record: PluginRecord): void;
}

function has(entries: readonly fs.Dirent[], name: string): fs.Dirent | undefined {
  return entries.find((d) => d.name === name && (d.isDirectory() || d.isSymbolicLink()));
}

function exists(p: string): boolean {
  try {
    fs.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Manifests larger than this are refused unread (they list plugins, not content). */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * Reads a JSON file; undefined when missing, a problem when it does not parse or is not an
 * object. It is opened non-blocking and checked first: a manifest that is a FIFO or a device (a
 * cloned repository may ship one) is a problem, never a hang.
 */
function readJson(file: string, sink: LayoutSink): Record<string, unknown> | undefined {
  const read = readRegularFile(file, MAX_MANIFEST_BYTES);
  if (!read.ok) {
    if (read.why !== 'missing') sink.problem({ path: file, message: refusalText(read) });
    return undefined;
  }
  const text = read.bytes.toString('utf8');
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    sink.problem({ path: file, message: 'is not a JSON object' });
  } catch (e) {
    sink.problem({ path: file, message: `is not valid JSON (${(e as Error).message})` });
  }
  return undefined;
}

/**
 * The roots of an explicit folder when it is a plugin or a folder of plugins; undefined when it
 * is a plain skills root (or one skill folder, which the caller has already recognised).
 * `entries` are the folder's own, already read.
 */
export function pluginLayout(
  dir: string,
  entries: readonly fs.Dirent[],
  spec: RootSpec,
  sink: LayoutSink,
): RootSpec[] | undefined {
  if (has(entries, '.claude-plugin')) {
    const marketplace = path.join(dir, '.claude-plugin', 'marketplace.json');
    if (exists(marketplace)) {
      const listed = marketplaceRoots(dir, marketplace, spec, sink);
      if (listed) return listed;
      if (has(entries, 'plugins')) return pluginsFolder(path.join(dir, 'plugins'), spec, sink);
      return [];
    }
    return pluginRoots(dir, undefined, spec, sink);
  }
  if (has(entries, 'skills') && !exists(path.join(dir, 'skills', 'SKILL.md'))) {
    const roots = pluginRoots(dir, undefined, spec, sink);
    if (has(entries, 'plugins')) roots.push(...pluginsFolder(path.join(dir, 'plugins'), spec, sink));
    return roots;
  }
  if (has(entries, 'plugins') && !exists(path.join(dir, 'plugins', 'SKILL.md')))
    return pluginsFolder(path.join(dir, 'plugins'), spec, sink);
  return undefined;
}

/** True when a folder's entries mark it as a plugin (`.claude-plugin/`): a folder of plugins holds such children. */
export function looksLikePlugin(entries: readonly fs.Dirent[]): boolean {
  return has(entries, '.claude-plugin') !== undefined;
}

/** Every child folder of `dir` as a plugin, sorted by folder name. */
function pluginsFolder(dir: string, spec: RootSpec, sink: LayoutSink): RootSpec[] {
  let names: string[];
  try {
    names = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => !d.name.startsWith('.') && (d.isDirectory() || d.isSymbolicLink()))
      .map((d) => d.name)
      .sort();
  } catch (e) {
    sink.problem({
      path: dir,
      message: `plugins folder cannot be read (${(e as NodeJS.ErrnoException).code ?? 'EUNKNOWN'})`,
    });
    return [];
  }
  return names.flatMap((name) => pluginRoots(path.join(dir, name), undefined, spec, sink));
}

/** The plugins a marketplace.json lists with a local source; undefined when the file cannot be used. */
function marketplaceRoots(dir: string, file: string, spec: RootSpec, sink: LayoutSink): RootSpec[] | undefined {
  const manifest = readJson(file, sink);
  if (!manifest) return undefined;
  const plugins = manifest.plugins;
  if (!Array.isArray(plugins)) {
    sink.problem({ path: file, message: 'has no `plugins` list' });
    return undefined;
  }
  const meta = manifest.metadata as { pluginRoot?: unknown } | undefined;
  const base =
    typeof meta?.pluginRoot === 'string' && meta.pluginRoot !== '' ? path.resolve(dir, meta.pluginRoot) : dir;
  const remote: string[] = [];
  const out: RootSpec[] = [];
  for (const entry of plugins as unknown[]) {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const name = typeof e.name === 'string' ? e.name : undefined;
    if (typeof e.source !== 'string') {
      remote.push(name ?? '(unnamed)');
      continue;
    }
    const at = path.resolve(base, e.source);
    if (!exists(at)) {
      sink.problem({
        path: file,
        message: `plugin ${JSON.stringify(name ?? e.source)}: its source ${at} does not exist`,
      });
      continue;
    }
    out.push(...pluginRoots(at, e, spec, sink));
  }
  if (remote.length > 0)
    sink.note({
      path: file,
      message: `${remote.length} plugin(s) with a git or URL source are not fetched: ${remote.join(', ')}; clone one and give its folder to --skills`,
    });
  return out;
}

/** `string | string[]` of relative paths in a manifest field, resolved against the plugin folder. */
function manifestPaths(value: unknown, dir: string): string[] {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return list.filter((v): v is string => typeof v === 'string' && v !== '').map((v) => path.resolve(dir, v));
}

/**
 * One plugin's roots: `skills/` and `commands/` (silent when absent) plus the paths its
 * plugin.json lists under `skills` and `commands` (which add to those folders). A marketplace
 * entry that lists `skills` itself (a plugin defined by the marketplace, several entries sharing
 * one folder) gets exactly those instead of `skills/`. The name is plugin.json's `name`, else the
 * marketplace entry's (or the installed plugin's), else the folder's. The sink is told of the
 * plugin (its agents, hooks and MCP servers).
 */
export function pluginRoots(
  dir: string,
  entry: Record<string, unknown> | undefined,
  spec: RootSpec,
  sink: LayoutSink,
): RootSpec[] {
  const manifestFile = path.join(dir, '.claude-plugin', 'plugin.json');
  const manifest = readJson(manifestFile, sink) ?? {};
  const pick = (key: string): string | undefined => {
    const v = manifest[key] ?? entry?.[key];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  let name = pick('name') ?? path.basename(dir);
  if (!PLUGIN_NAME.test(name)) {
    const folder = path.basename(dir);
    sink.note({
      path: manifestFile,
      message: `plugin name ${JSON.stringify(name)} is not kebab-case; its skills are named after the folder ("${folder}:...")`,
    });
    name = folder;
  }
  sink.plugin?.(pluginRecord(dir, name, spec.source, manifest));
  const common = { source: spec.source, namespace: name, plugin: name, pluginRoot: dir } as const;
  // Commands first: a skill of the same name wins, as in a project's `.claude` folder.
  const roots: RootSpec[] = [];
  const commands = entry?.commands !== undefined ? manifestPaths(entry.commands, dir) : undefined;
  if (commands) for (const p of commands) roots.push({ ...common, path: p, layout: 'commands' });
  else {
    roots.push({ ...common, path: path.join(dir, 'commands'), layout: 'commands', optional: true });
    for (const p of manifestPaths(manifest.commands, dir)) roots.push({ ...common, path: p, layout: 'commands' });
  }
  const listed = entry?.skills !== undefined ? manifestPaths(entry.skills, dir) : undefined;
  if (listed) for (const p of listed) roots.push({ ...common, path: p, layout: 'skill-or-skills' });
  else {
    roots.push({ ...common, path: path.join(dir, 'skills'), layout: 'skills', optional: true });
    for (const p of manifestPaths(manifest.skills, dir)) roots.push({ ...common, path: p, layout: 'skill-or-skills' });
  }
  return roots;
}
