/**
 * Claude Code's `enabledPlugins` (`{ "name@marketplace": true }`), read from the settings files
 * that carry it: `~/.claude/settings.json`, then the repository's `.claude/settings.json` and
 * `.claude/settings.local.json` (a later file wins per key). A repository's `true` counts only
 * once it is trusted (a cloned repository must not switch on a plugin's hooks and agents); its
 * `false` always counts. Only this key is read here, on its own, so the session's settings
 * loader can take over the merge without anything else changing.
 */
import path from 'node:path';
import { findGitTop } from '@coding-harness/skills';
import type { SkillIssue } from '@coding-harness/skills';
import { readJsonFile } from '../claude-hooks/read-json-file.js';

export interface EnabledPluginsInput {
  home: string;
  workroot: string;
  /** Whether the repository's `true` entries count. */
  projectTrusted: boolean;
  /** False with `--untrusted`: the repository's files are not read. Default true. */
  projectFiles?: boolean;
}

export interface EnabledPlugins {
  enabled: Record<string, boolean>;
  /** Files that could not be read or parsed, and repository entries ignored while untrusted, each naming the file. */
  messages: SkillIssue[];
}

/** One file's `enabledPlugins`; undefined when the file is missing or holds none. Settings files carry comments (JSONC). */
function readEnabled(file: string, messages: SkillIssue[]): Record<string, boolean> | undefined {
  const read = readJsonFile(file);
  if (!read.ok) {
    if (!read.missing)
      messages.push({ path: file, message: `${read.message.replace('its hooks were', 'its enabledPlugins were')}` });
    return undefined;
  }
  const data = read.value;
  const value = (data as { enabledPlugins?: unknown } | null)?.enabledPlugins;
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    messages.push({
      path: file,
      message: 'enabledPlugins is not an object of "name@marketplace": true|false; it was ignored',
    });
    return undefined;
  }
  const out: Record<string, boolean> = {};
  for (const [key, on] of Object.entries(value as Record<string, unknown>)) if (typeof on === 'boolean') out[key] = on;
  return out;
}

/** The merged `enabledPlugins` for this home and work root, with what could not be read. */
export function readEnabledPlugins(input: EnabledPluginsInput): EnabledPlugins {
  const messages: SkillIssue[] = [];
  const enabled: Record<string, boolean> = {
    ...readEnabled(path.join(input.home, '.claude', 'settings.json'), messages),
  };
  if (input.projectFiles === false) return { enabled, messages };
  const workroot = path.resolve(input.workroot);
  const top = findGitTop(workroot, input.home) ?? workroot;
  if (top === path.resolve(input.home)) return { enabled, messages };
  for (const name of ['settings.json', 'settings.local.json']) {
    const file = path.join(top, '.claude', name);
    const ignored: string[] = [];
    for (const [key, on] of Object.entries(readEnabled(file, messages) ?? {})) {
      if (on && !input.projectTrusted) ignored.push(key);
      else enabled[key] = on;
    }
    if (ignored.length > 0)
      messages.push({
        path: file,
        message: `enables plugins ${ignored.join(', ')}, which stay off until this repository is trusted; rerun with --trust to trust it`,
      });
  }
  return { enabled, messages };
}
