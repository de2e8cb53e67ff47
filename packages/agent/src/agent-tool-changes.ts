/**
 * Tools added to a running session (split from agent.ts): before the first message the new
 * definitions join the tool list (appended, never re-sorted); after it they are offered by a
 * message (tool-additions.ts), so the cached prefix and earlier thinking stay valid.
 */
import type { AgentJobs } from './agent-jobs.js';
import type { ToolsUpdate } from './agent-types.js';
import type { SessionPrefix } from './session-store.js';
import type { AgentConfig, AgentState } from './state.js';
import { toolAdditionMessage } from './tool-additions.js';
import { toolSpecs } from './tool-specs.js';

export interface ToolSetWiring {
  config: AgentConfig;
  jobs: Pick<AgentJobs, 'busy'>;
  /** What a new conversation sends (clear() starts from it): it keeps tools added to a resumed session too. */
  fresh: SessionPrefix;
  /** The conversation now (clear() replaces it). */
  state: () => AgentState;
  /** The prefix the session sends now (fresh, or a resumed session's stored one). */
  prefix: () => SessionPrefix;
}

/** `Agent.addTools` over the agent's configuration and conversation. */
export function toolSetChanges(w: ToolSetWiring): (update: ToolsUpdate) => string[] {
  return addTools;
  function addTools(update: ToolsUpdate): string[] {
    const state = w.state();
    if (w.jobs.busy) return ['a turn is running: add tools after it ends'];
    // Before the conversation's first message no thinking is bound to the tools yet: the new
    // definitions simply join the tool list (appended, never re-sorted; clear() keeps them).
    if (state.messages.length === 0) return appendTools(update);
    const planned = toolAdditionMessage(w.config, update.registry, update.names);
    w.config.registry = update.registry;
    if (planned.message) state.pendingContext.push(planned.message);
    return planned.problems;
  }
  function appendTools(update: ToolsUpdate): string[] {
    const prefix = w.prefix();
    const problems = update.names.filter((n) => !update.registry.get(n)).map((n) => `no tool ${n} in the registry`);
    const known = new Set(w.config.tools.map((t) => t.name));
    const added = toolSpecs(update.registry.definitions()).filter(
      (spec) => update.names.includes(spec.name) && !known.has(spec.name),
    );
    w.config.registry = update.registry;
    if (added.length === 0) return problems;
    w.config.tools = [...w.config.tools, ...added];
    prefix.tools = [...w.config.tools];
    if (prefix !== w.fresh) w.fresh.tools = [...w.fresh.tools, ...added];
    return problems;
  }
}
