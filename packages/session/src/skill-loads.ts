import type { Agent, AgentEvent } from '@coding-harness/agent';

/** Events to add after one successful skill load (by the model, `/name` or an auto-match); often none. */
export type OnSkillLoad = (name: string) => readonly AgentEvent[];

/**
 * The agent with `onLoad` called after each successful skill load of every turn, its events
 * yielded right after that load's `tool_call_finished`. A `skill` call without a name (a query)
 * is not a load. The rest of the agent is the same object (reached through the prototype), so
 * wrappers stack and every other method is the agent's own.
 */
export function afterSkillLoads(agent: Agent, onLoad: OnSkillLoad): Agent {
  return Object.create(agent, {
    send: {
      value: (text: string, opts?: Parameters<Agent['send']>[1]) => watching(agent.send(text, opts), onLoad),
    },
  }) as Agent;
}

async function* watching(events: AsyncIterable<AgentEvent>, onLoad: OnSkillLoad): AsyncGenerator<AgentEvent> {
  const started = new Map<string, string>();
  for await (const event of events) {
    yield event;
    if (event.type === 'tool_call_started' && event.name === 'skill') {
      const name = (event.input as { name?: unknown } | null)?.name;
      if (typeof name === 'string') started.set(event.callId, name);
    } else if (event.type === 'tool_call_finished' && !event.isError && started.has(event.callId)) {
      yield* onLoad(started.get(event.callId)!);
    }
  }
}
