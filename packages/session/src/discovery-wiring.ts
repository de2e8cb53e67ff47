/** Skill discovery as the session's flags ask for it, and the lines start-up and `/reload-skills` print about it. */
import { resolve } from 'node:path';
import { discover } from '@coding-harness/skills';
import type { DiscoverResult } from '@coding-harness/skills';
import { builtinRuleNames, loadIgnoreMatcher } from '@coding-harness/tools';
import type { HarnessFlags } from './args.js';
import { AGENT_RULES } from './agents/agent-tool.js';
import { skillRuleNotes } from './skill-rule-notes.js';
import { SKILL_RULES } from './skills/skill.js';
import { shadowedSkillNotes } from './slash.js';

const EMPTY: DiscoverResult = { skills: [], problems: [], notes: [] };

/**
 * Discovery as flags ask for it: nothing with `--no-skills`; `--skills` resolved against `cwd`;
 * with `plugins` (settings' `enabledPlugins`, see agents/wiring.ts), the installed plugins they
 * enable too, and the notes about reading them.
 */
export async function discoverFor(
  flags: HarnessFlags,
  workroot: string,
  home: string,
  cwd: string,
  plugins?: { enabled: Record<string, boolean>; notes: DiscoverResult['notes'] },
): Promise<DiscoverResult> {
  if (!flags.skills) return pluginsOnly(flags, workroot, home, cwd, plugins);
  const found = await discover({
    ...(plugins !== undefined ? { enabledPlugins: plugins.enabled } : {}),
    home,
    workroot,
    explicit: flags.skillDirs.map((d) => resolve(cwd, d)),
    ...((flags.pluginDirs ?? []).length > 0
      ? { pluginDirs: (flags.pluginDirs ?? []).map((d) => resolve(cwd, d)) }
      : {}),
    trustProject: !flags.untrusted,
    // Linear-time .gitignore matching for the nested walk (re2js, loaded only when a .gitignore is found).
    loadIgnoreMatcher,
  });
  const more = [
    ...(plugins?.notes ?? []),
    ...skillRuleNotes(found, builtinRuleNames([SKILL_RULES, AGENT_RULES])),
    ...shadowedSkillNotes(found.skills),
  ];
  return more.length === 0 ? found : { ...found, notes: [...found.notes, ...more] };
}

/**
 * `--no-skills` turns skills off, not plugins: an installed plugin the settings enable still
 * brings its agents and hooks. Discovery runs only when some plugin is enabled, and every skill
 * it finds is dropped (none is offered, listed or runnable).
 */
async function pluginsOnly(
  flags: HarnessFlags,
  workroot: string,
  home: string,
  cwd: string,
  plugins?: { enabled: Record<string, boolean> },
): Promise<DiscoverResult> {
  const pluginDirs = (flags.pluginDirs ?? []).map((d) => resolve(cwd, d));
  if (pluginDirs.length === 0 && (plugins === undefined || !Object.values(plugins.enabled).some(Boolean))) return EMPTY;
  const found = await discover({
    enabledPlugins: plugins?.enabled ?? {},
    ...(pluginDirs.length > 0 ? { pluginDirs } : {}),
    home,
    workroot,
    explicit: [],
    trustProject: !flags.untrusted,
  });
  return { skills: [], problems: [], notes: [], ...(found.plugins !== undefined ? { plugins: found.plugins } : {}) };
}

/**
 * What start-up prints about discovery: one line at most, counting the skipped skills and the
 * notes, pointing at `harness skills` for the details (one notice per file filled the screen).
 */
export function discoverySummary(discovery: DiscoverResult): string[] {
  const skipped = discovery.problems.length;
  const notes = discovery.notes.length;
  if (skipped === 0 && notes === 0) return [];
  const parts = [
    ...(skipped > 0 ? [`${skipped} skill${skipped === 1 ? '' : 's'} skipped`] : []),
    ...(notes > 0 ? [`${notes} skill note${notes === 1 ? '' : 's'}`] : []),
  ];
  return [`${parts.join(', ')}; run harness skills for details`];
}

/** One line per skipped skill and per note (`harness skills` and `/reload-skills` show them; never fatal). */
export function discoveryMessages(discovery: DiscoverResult): string[] {
  return [
    ...discovery.problems.map((p) => `skill skipped: ${p.path}: ${p.message}`),
    ...discovery.notes.map((n) => `skill note: ${n.path}: ${n.message}`),
  ];
}
