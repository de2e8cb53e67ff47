/**
 * A custom agent's own `hooks:` frontmatter, as Claude Code runs them: only inside that agent's
 * thread, gone when it ends. PreToolUse and PostToolUse see the agent's calls; its `Stop` hooks
 * run when the agent finishes (Claude Code turns them into SubagentStop). Other events are not
 * run for an agent (a line says so). A plugin's agent never gets here (its file may not set
 * hooks); a repository's agent is loaded only once the repository is trusted, and is refused
 * here too when it is not.
 */
import type { Hooks } from '@coding-harness/agent';
import type { EngineDeps } from './engine.js';
import { parseHookSource } from './parse-config.js';
import { createClaudeHooks } from './plugin.js';

/** What the hooks code needs of an agent (its definition, by structure). */
export interface AgentHooksOwner {
  name: string;
  source: string;
  file?: string;
  hooks?: unknown;
}

export interface AgentHooksDeps extends Omit<EngineDeps, 'hooks'> {
  /** The repository's trust decision now: a repository's agent's hooks run only when true. */
  repositoryTrusted: boolean;
}

/** The events an agent's frontmatter may name, and what each runs as. */
const AGENT_EVENTS: Readonly<Record<string, string>> = {
  PreToolUse: 'PreToolUse',
  PostToolUse: 'PostToolUse',
  Stop: 'SubagentStop',
  SubagentStop: 'SubagentStop',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The agent's hooks as a plugin for its thread (undefined when none run), and a line for each thing skipped. */
export function agentThreadHooks(agent: AgentHooksOwner, deps: AgentHooksDeps): { hooks?: Hooks; problems: string[] } {
  if (agent.hooks === undefined) return { problems: [] };
  const where = `${agent.file ?? 'agent'} (agent ${agent.name})`;
  if (agent.source === 'plugin') return { problems: [`${where}: a plugin's agent may not set hooks; not run`] };
  if (agent.source === 'project' && !deps.repositoryTrusted)
    return { problems: [`${where}: the repository is not trusted; its agent's hooks are not run`] };
  if (!isObject(agent.hooks)) return { problems: [`${where}: "hooks" must be an object of events; not run`] };
  const problems: string[] = [];
  const mapped: Record<string, unknown> = {};
  for (const [event, groups] of Object.entries(agent.hooks)) {
    const as = AGENT_EVENTS[event];
    if (as === undefined) {
      problems.push(
        `${where}: hook event "${event}" is not run for an agent (it runs ${Object.keys(AGENT_EVENTS).join(', ')}); ignored`,
      );
      continue;
    }
    const before = mapped[as];
    // Stop and SubagentStop both run as SubagentStop: their lists join (a bad value is left for the parser to name).
    mapped[as] = Array.isArray(groups) && Array.isArray(before) ? [...(before as unknown[]), ...groups] : groups;
  }
  const config = parseHookSource({
    source: `agent ${agent.name}`,
    file: agent.file ?? '',
    trusted: true,
    hooks: mapped,
  });
  problems.push(...config.problems);
  if (config.hooks.length === 0) return { problems };
  const claude = createClaudeHooks({ ...deps, config });
  const plugin = claude.hooks;
  // Only the events of a thread: the session's own plugin runs the turn's (prompt, Stop, compaction).
  return {
    hooks: {
      name: `agent ${agent.name} hooks`,
      beforeToolCall: (call, ctx) => plugin.beforeToolCall?.(call, ctx),
      afterToolCall: (call, result, ctx) => plugin.afterToolCall?.(call, result, ctx),
      afterThread: (end, ctx) => plugin.afterThread?.(end, ctx),
    },
    problems,
  };
}
