/**
 * Hooks from skills and plugins. A skill's `hooks:` frontmatter (kept in `extra`) runs while the
 * skill is loaded; a repository's skill only once the repository is trusted. A plugin's
 * `hooks/hooks.json` (`{ "hooks": { ... } }`) runs with `CLAUDE_PLUGIN_ROOT` set to its folder.
 */
import { join } from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { readJsonFile } from './read-json-file.js';
import type { HookSource } from './types.js';

/** One installed plugin: its name and folder; `trusted` false for a plugin the repository ships, before trust. */
export interface PluginRoot {
  name: string;
  root: string;
  trusted: boolean;
}

export function skillHookSources(skills: readonly Skill[], repositoryTrusted: boolean): HookSource[] {
  return skills
    .filter((s) => s.extra['hooks'] !== undefined)
    .map((s) => ({
      source: `skill ${s.name}`,
      file: s.file,
      trusted: s.source !== 'project' || repositoryTrusted,
      hooks: s.extra['hooks'],
      skill: s.name,
      ...(s.pluginRoot !== undefined ? { pluginRoot: s.pluginRoot } : {}),
    }));
}

/** The plugins the discovered skills came from (each folder once). */
export function pluginRootsOf(skills: readonly Skill[], repositoryTrusted: boolean): PluginRoot[] {
  const byRoot = new Map<string, PluginRoot>();
  for (const s of skills) {
    if (s.pluginRoot === undefined || byRoot.has(s.pluginRoot)) continue;
    byRoot.set(s.pluginRoot, {
      name: s.plugin ?? s.pluginRoot,
      root: s.pluginRoot,
      trusted: s.source !== 'project' || repositoryTrusted,
    });
  }
  return [...byRoot.values()];
}

export function pluginHookSources(plugins: readonly PluginRoot[]): { sources: HookSource[]; problems: string[] } {
  const out: { sources: HookSource[]; problems: string[] } = { sources: [], problems: [] };
  for (const p of plugins) {
    const file = join(p.root, 'hooks', 'hooks.json');
    const read = readJsonFile(file);
    if (!read.ok) {
      if (!read.missing) out.problems.push(read.message);
      continue;
    }
    const value = read.value;
    const hooks = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['hooks'] : undefined;
    if (hooks === undefined) {
      out.problems.push(
        `${file}: no "hooks" key (a plugin's hooks.json is { "hooks": { "<Event>": [...] } }); ignored`,
      );
      continue;
    }
    out.sources.push({ source: `plugin ${p.name}`, file, trusted: p.trusted, hooks, pluginRoot: p.root });
  }
  return out;
}
