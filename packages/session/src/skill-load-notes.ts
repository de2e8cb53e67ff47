import type { Agent, AgentEvent } from '@coding-harness/agent';
import type { DiscoverResult } from '@coding-harness/skills';

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
 * load, so a `/reload-skills` pass is followed.
 */
export function sayNotesOnLoad(agent: Agent, discovery: () => DiscoverResult): Agent {
  const said = new Set<string>();
  return Object.create(agent, {
    send: {
      value: (text: string, opts?: Parameters<Agent['send']>[1]) => withNotes(agent.send(text, opts), discovery, said),
    },
  }) as Agent;
}

async function* withNotes(
  events: AsyncIterable<AgentEvent>,
  discovery: () => DiscoverResult,
  said: Set<string>,
): AsyncGenerator<AgentEvent> {
  const started = new Map<string, string>();
  for await (const event of events) {
    yield event;
    if (event.type === 'tool_call_started' && event.name === 'skill') {
      const name = (event.input as { name?: unknown } | null)?.name;
      if (typeof name === 'string') started.set(event.id, name);
    } else if (event.type === 'tool_call_finished' && started.has(event.id)) {
      const name = started.get(event.id)!;
      if (said.has(name)) continue;
      const notes = notesBySkill(discovery()).get(name) ?? [];
      if (notes.length === 0) continue;
      said.add(name);
      for (const message of notes) yield { type: 'notice', message };
    }
  }
}
