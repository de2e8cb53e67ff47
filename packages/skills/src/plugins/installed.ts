/**
 * Plugins installed with Claude Code's own installer (`/plugin install`): Claude Code records
 * each in `~/.claude/plugins/installed_plugins.json` under its `name@marketplace` key with the
 * folder it copied the plugin to (`~/.claude/plugins/cache/<marketplace>/<plugin>/<version>`),
 * and settings' `enabledPlugins` says which are on. Only enabled ones load; nothing is fetched.
 *
 * Two shapes of the file exist. Version 1 maps each key to one installation object; version 2
 * maps it to a list of installations, each with a `scope` (`user`, or `project` / `local` with
 * the `projectPath` it was installed for).
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile, refusalText } from '../read-regular.js';
import { findGitTop } from '../roots.js';
import type { RootSpec } from '../roots.js';
import { pluginRoots } from '../plugins.js';
import type { LayoutSink } from '../plugins.js';

/** One installation of a plugin, as the file records it. */
export interface Installation {
  /** `name@marketplace`. */
  key: string;
  installPath: string;
  version?: string;
  /** `user`, `project` or `local` (version 2); absent in version 1 (a user installation). */
  scope?: string;
  /** For a `project` or `local` installation: the folder it was installed for. */
  projectPath?: string;
  lastUpdated?: string;
}

/** The file, relative to the home folder. */
export const INSTALLED_PLUGINS = path.join('.claude', 'plugins', 'installed_plugins.json');

/** The file is refused past this size (a real one holds a few lines per plugin). */
const MAX_BYTES = 4 * 1024 * 1024;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** One installation object of either shape; undefined when it has no install path. */
function installation(key: string, raw: unknown): Installation | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  const installPath = str(r.installPath);
  if (installPath === undefined) return undefined;
  const out: Installation = { key, installPath };
  for (const field of ['version', 'scope', 'projectPath', 'lastUpdated'] as const) {
    const v = str(r[field]);
    if (v !== undefined) out[field] = v;
  }
  return out;
}

/**
 * Every installation the file records (version 1 or 2), in file order; a missing file is none, a
 * broken one a problem naming it. An entry without an install path is skipped with a note.
 */
export function readInstalledPlugins(home: string, sink: LayoutSink): Installation[] {
  const file = path.join(home, INSTALLED_PLUGINS);
  const read = readRegularFile(file, MAX_BYTES);
  if (!read.ok) {
    if (read.why !== 'missing') sink.problem({ path: file, message: refusalText(read) });
    return [];
  }
  let data: unknown;
  try {
    data = JSON.parse(read.bytes.toString('utf8'));
  } catch (e) {
    sink.problem({
      path: file,
      message: `is not valid JSON (${(e as Error).message}): no installed plugin loads until Claude Code rewrites it (reinstall one with /plugin install)`,
    });
    return [];
  }
  const plugins = (data as { plugins?: unknown } | null)?.plugins;
  if (typeof plugins !== 'object' || plugins === null || Array.isArray(plugins)) {
    sink.problem({ path: file, message: 'has no `plugins` object: no installed plugin loads' });
    return [];
  }
  const out: Installation[] = [];
  for (const [key, value] of Object.entries(plugins as Record<string, unknown>)) {
    const list = Array.isArray(value) ? value : [value];
    const found = list.map((raw) => installation(key, raw)).filter((i): i is Installation => i !== undefined);
    if (found.length === 0)
      sink.note({ path: file, message: `plugin ${JSON.stringify(key)} has no installPath: skipped` });
    out.push(...found);
  }
  return out;
}

/** Whether an installation applies in this repository: a user one always, a project or local one only in its own folder. */
function applies(i: Installation, repository: string): boolean {
  if (i.scope === undefined || i.scope === 'user') return true;
  if (i.projectPath === undefined) return false;
  return path.resolve(i.projectPath) === repository;
}

/** The most recently updated of a plugin's installations that apply here (file order breaks ties: the last). */
function pick(list: readonly Installation[]): Installation | undefined {
  let best: Installation | undefined;
  for (const i of list) if (best === undefined || (i.lastUpdated ?? '') >= (best.lastUpdated ?? '')) best = i;
  return best;
}

export interface InstalledOptions {
  home: string;
  workroot: string;
  /** `enabledPlugins` from settings: only `true` keys load. */
  enabled: Readonly<Record<string, boolean>>;
}

/**
 * The roots of the installed plugins `enabled` turns on, each loaded from its install folder as
 * a plugin (its name from plugin.json, else the key's part before `@`), as personal. An enabled
 * plugin the file does not list, or whose folder is gone, is a note naming the fix.
 */
export function installedPluginRoots(options: InstalledOptions, sink: LayoutSink): RootSpec[] {
  const wanted = Object.entries(options.enabled)
    .filter(([, on]) => on === true)
    .map(([key]) => key);
  if (wanted.length === 0) return [];
  const home = path.resolve(options.home);
  const file = path.join(home, INSTALLED_PLUGINS);
  const all = readInstalledPlugins(home, sink);
  const workroot = path.resolve(options.workroot);
  const repository = findGitTop(workroot, home) ?? workroot;
  const roots: RootSpec[] = [];
  for (const key of wanted) {
    const chosen = pick(all.filter((i) => i.key === key && applies(i, repository)));
    if (chosen === undefined) {
      sink.note({
        path: file,
        message: `settings enable plugin ${JSON.stringify(key)} but it is not installed for this folder: install it with Claude Code's /plugin install, or remove it from enabledPlugins`,
      });
      continue;
    }
    const dir = path.resolve(home, chosen.installPath);
    if (!fs.existsSync(dir)) {
      sink.note({
        path: file,
        message: `plugin ${JSON.stringify(key)} is installed at ${dir}, which does not exist: reinstall it with Claude Code's /plugin install`,
      });
      continue;
    }
    const name = key.includes('@') ? key.slice(0, key.lastIndexOf('@')) : key;
    const spec: RootSpec = { path: dir, source: 'personal' };
    const record = { key, ...(chosen.version !== undefined ? { version: chosen.version } : {}) };
    const tagged: LayoutSink = {
      problem: (i) => sink.problem(i),
      note: (i) => sink.note(i),
      plugin: (r) => sink.plugin?.({ ...r, ...record }),
    };
    roots.push(...pluginRoots(dir, { name }, spec, tagged));
  }
  return roots;
}
