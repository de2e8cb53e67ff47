/**
 * Custom agents as a plugin on the loop's hooks: the `agent` tool, the hand-over of each of its
 * calls' turn context (a tool's `execute` is not given the hook context that runs threads), and
 * the runner a `context: fork` skill with `agent: <name>` uses for a custom agent. The plugin
 * knows its tool by the object it made, never by a name string.
 */
import type { Hooks, TurnContext } from '@coding-harness/agent';
import type { Tool, ToolResult, ToolRuleEntry } from '@coding-harness/tools';
import type { AgentDefinition } from './agent-file.js';
import { AGENT_RULES, createAgentTool } from './agent-tool.js';
import { runAgent } from './run-agent.js';
import type { AgentRun } from './run-agent.js';

/** What a fork skill hands over to run its body with a named custom agent. */
export interface ForkWithAgent {
  ctx: TurnContext;
  /** The skill's rendered body: the agent's task. */
  task: string;
  callId: string;
  /** For people (`skill survey`). */
  label: string;
}

/** A custom agent by name, and how to run one (a fork skill's `agent:`). */
export interface AgentRunner {
  /** The agent tool: never one of a fork skill's subagent's tools either. */
  readonly tool: Tool<unknown>;
  /** A custom (file) agent of that name; built-in names are left to the caller. */
  find(name: string): AgentDefinition | undefined;
  run(agent: AgentDefinition, fork: ForkWithAgent): Promise<ToolResult>;
}

export interface AgentsPluginOptions {
  agents: readonly AgentDefinition[];
  /** The work root, told to each agent. */
  workroot: string;
  /** The skill tool's name: an agent gets it only when its `tools` names it. */
  skillToolName?: string;
  /** The session's mode and skills, for the agents' `permissionMode` and `skills:`. */
  run?: Pick<AgentRun, 'sessionMode' | 'skills' | 'threadHooks'>;
}

export interface AgentsPlugin {
  readonly hooks: Hooks;
  readonly tool: Tool<unknown>;
  readonly ruleEntry: ToolRuleEntry;
  agents(): readonly AgentDefinition[];
  /**
   * Swaps the agents (`/reload-skills` re-reads the agent files): calls from now on find the new
   * ones. The tool's description keeps the list it was made with (it is in the cached prefix).
   */
  replace(agents: readonly AgentDefinition[]): void;
  readonly runner: AgentRunner;
}

export function createAgentsPlugin(options: AgentsPluginOptions): AgentsPlugin {
  let agents = options.agents;
  /** Turn contexts of agent calls about to run, by call id: taken once by the call. */
  const pending = new Map<string, TurnContext>();
  const tool = createAgentTool({
    agents: () => agents,
    context(callId) {
      if (callId === undefined) return undefined;
      const ctx = pending.get(callId);
      pending.delete(callId);
      return ctx;
    },
    ...(options.skillToolName !== undefined ? { skillToolName: options.skillToolName } : {}),
    ...(options.run !== undefined ? { run: options.run } : {}),
  }) as Tool<unknown>;
  const runner: AgentRunner = {
    tool,
    find: (name) => agents.find((a) => a.name === name.trim() && a.source !== 'built-in'),
    run: (agent, fork) =>
      runAgent({
        ctx: fork.ctx,
        agent,
        task: fork.task,
        callId: fork.callId,
        label: fork.label,
        workroot: options.workroot,
        agentTool: tool,
        ...(options.skillToolName !== undefined ? { skillToolName: options.skillToolName } : {}),
        ...options.run,
      }),
  };
  const hooks: Hooks = {
    name: 'agents',
    beforeTurn() {
      // A call a later hook blocked never ran to take its context.
      pending.clear();
      return undefined;
    },
    beforeToolCall(call, ctx) {
      if (call.tool === tool) pending.set(call.id, ctx);
      return undefined;
    },
  };
  const replace = (next: readonly AgentDefinition[]): void => {
    agents = next;
  };
  return { hooks, tool, ruleEntry: AGENT_RULES, agents: () => agents, replace, runner };
}
