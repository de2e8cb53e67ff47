import type { Agent } from '@coding-harness/agent';
import type { DiscoverResult } from '@coding-harness/skills';
import { afterSkillLoads } from './skill-loads.js';

/**
 * The discovery notes of one skill (an `allowed-tools` entry that does not parse or grants
 * nothing, a shadowed name...), keyed by the skill's name. Start-up only counts notes in one line;
 * this is what a user sees of them at the moment it matters: when that skill loads.
 */
export function notesBySkill(discovery: DiscoverResult): Map<string, string[]> {
  const byFile = new Map(discovery.skills.map((s) => [s.file, s.name]));
  const out = new Map<string, string[]>();
  for (const note of discovery.notes) {
    const name = byFile.get(note.path);
    if (name === undefined) continue;
    out.set(name, [...(out.get(name) ?? []), `skill note: ${note.path}: ${note.message}`]);
  }
  return out;
}

/**
 * The agent with each skill's discovery notes said as notice events the first time that skill
 * loads in the session (by the model, `/name` or an auto-match), right after its result. The rest
 * of the agent is the same object (reached through the prototype). `discovery` is read at each
 * load (and indexed once per discovery pass), so a `/reload-skills` pass is followed.
 */
export function sayNotesOnLoad(agent: Agent, discovery: () => DiscoverResult): Agent {
  const said = new Set<string>();
  let indexed: { of: DiscoverResult; notes: Map<string, string[]> } | undefined;
  return afterSkillLoads(agent, (name) => {
    if (said.has(name)) return [];
    const current = discovery();
    if (indexed?.of !== current) indexed = { of: current, notes: notesBySkill(current) };
    const notes = indexed.notes.get(name) ?? [];
    if (notes.length > 0) said.add(name);
    return notes.map((message) => ({ type: 'notice', message }));
  });
}
