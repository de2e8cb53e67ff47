/**
 * The `agent` tool (Claude Code's Task / Agent tool, with its input: `description`, `prompt`,
 * `subagent_type`): runs an agent in its own context, as a thread of the turn, with the agent's
 * system prompt, tools and model; the agent's final text is the result. Rules name it `Agent`
 * or `Task` (`Agent(reviewer)` names one agent). It is read-kind: it changes nothing itself
 * (each call the agent makes is asked about on its own), so several calls in one reply run in
 * parallel, as the executor runs consecutive read-kind calls.
 *
 * The thread needs the turn's hook context, which a tool's `execute` is not given: the agents
 * plugin hands it over by call id (`runtime.context`), recorded just before the call runs.
 */
import type { TurnContext } from '@coding-harness/agent';
import { closest, defineTool, errorResult } from '@coding-harness/tools';
import type { Tool, ToolRuleEntry } from '@coding-harness/tools';
import * as z from 'zod/mini';
import type { AgentDefinition } from './agent-file.js';
import { runAgent } from './run-agent.js';
import type { AgentRun } from './run-agent.js';

/** How rules name the agent tool, known to the rule table whether or not the tool is in the session. */
export const AGENT_RULES: Readonly<ToolRuleEntry> = Object.freeze({
  name: 'agent',
  kind: 'read',
  ruleNames: Object.freeze(['Agent', 'Task']),
  pathFields: Object.freeze([]),
  specifier: 'name',
  deniedWith: Object.freeze([]),
});

/** The agent a call without `subagent_type` runs. */
export const DEFAULT_AGENT = 'general-purpose';
/** Characters the agents' list may take in the tool description (it is part of every request). */
export const AGENT_LISTING_BUDGET = 6_000;
/** Longest description shown per agent in that list. */
export const AGENT_DESCRIPTION_CAP = 300;
/** Agents of one session running at once; further calls wait for a slot (a hostile reply may ask for hundreds). */
export const MAX_PARALLEL_AGENTS = 8;

/** Runs at most `max` tasks at once, the others in the order they asked. */
function limiter(max: number): { run<T>(task: () => Promise<T>): Promise<T> } {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      // A finished task hands its slot to the next waiter directly, so `running` never exceeds `max`.
      if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

const schema = z.object({
  description: z
    .string()
    .check(z.minLength(1))
    .register(z.globalRegistry, { description: 'A short (3-5 word) description of the task, for people.' }),
  prompt: z.string().check(z.minLength(1)).register(z.globalRegistry, {
    description: 'The task for the agent: everything it needs to know, since it sees nothing else.',
  }),
  subagent_type: z.optional(z.string()).register(z.globalRegistry, {
    description: `The agent to use (one of the listed names; default ${DEFAULT_AGENT}).`,
  }),
});

type Input = z.infer<typeof schema>;

/** What the tool asks the session while it runs (the agents plugin answers). */
export interface AgentToolRuntime {
  agents(): readonly AgentDefinition[];
  /** The turn (or thread) context the call `callId` runs in; undefined outside a session's turn. */
  context(callId: string | undefined): TurnContext | undefined;
  /** The skill tool's name: an agent gets it only when its `tools` names it. */
  skillToolName?: string;
  /** What the agent's `permissionMode` and `skills:` are applied against (see `AgentRun`). */
  run?: Pick<AgentRun, 'sessionMode' | 'skills' | 'threadHooks'>;
}

const cap = (text: string): string =>
  text.length <= AGENT_DESCRIPTION_CAP ? text : `${text.slice(0, AGENT_DESCRIPTION_CAP - 1).trimEnd()}…`;

/** The agents as the tool description lists them, within {@link AGENT_LISTING_BUDGET}; the rest counted. */
export function agentListing(agents: readonly AgentDefinition[]): string {
  const lines: string[] = [];
  let used = 0;
  for (const [i, a] of agents.entries()) {
    const tools = a.tools === undefined ? 'all tools' : `tools: ${a.tools.join(', ') || 'none'}`;
    const line = `- ${a.name}: ${cap(a.description.replace(/\s+/g, ' '))} (${tools})`;
    if (used + line.length > AGENT_LISTING_BUDGET) {
      lines.push(`- … and ${agents.length - i} more agents (/agents lists them; give the name as subagent_type)`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join('\n');
}

/** The agent tool over `runtime`'s agents; its description lists the agents it was made with. */
export function createAgentTool(runtime: AgentToolRuntime): Tool<Input> {
  const slots = limiter(MAX_PARALLEL_AGENTS);
  const tool: Tool<Input> = defineTool({
    ...AGENT_RULES,
    description:
      "Launch an agent to do a task in its own context: it gets the prompt as its only instructions, works with its own tools and returns one final message, which is this call's result. " +
      'Use it for a search or a piece of work that would fill your context, or for a task a listed agent is made for. ' +
      'To run several agents at once, make several agent calls in one reply: they run in parallel. The agent sees nothing of this conversation, so say everything it needs in the prompt.\n\n' +
      `Available agents:\n${agentListing(runtime.agents())}`,
    schema,
    summarize: (input) => `agent ${input.subagent_type ?? DEFAULT_AGENT}: ${input.description}`,
    permission: (input) => ({ target: input.subagent_type ?? DEFAULT_AGENT }),
    async execute(input, toolCtx) {
      const agents = runtime.agents();
      const wanted = input.subagent_type?.trim() || DEFAULT_AGENT;
      const agent =
        agents.find((a) => a.name === wanted) ?? agents.find((a) => a.name.toLowerCase() === wanted.toLowerCase());
      if (agent === undefined) {
        const guess = closest(
          wanted,
          agents.map((a) => a.name),
        );
        return errorResult(
          `Unknown agent ${JSON.stringify(wanted)}. Available agents: ${agents.map((a) => a.name).join(', ')}.${guess !== undefined ? ` Did you mean "${guess}"?` : ''}`,
          `unknown agent ${wanted}`,
          'not_found',
        );
      }
      const ctx = runtime.context(toolCtx.callId);
      if (ctx === undefined || toolCtx.callId === undefined)
        return errorResult(
          'The agent tool runs only inside a session turn (its agents plugin was not given the call).',
        );
      const callId = toolCtx.callId;
      // A reply asking for dozens of agents at once runs them a few at a time, not all together.
      return slots.run(() =>
        runAgent({
          ctx,
          agent,
          task: input.prompt,
          callId,
          label: `agent ${agent.name}: ${input.description}`,
          workroot: toolCtx.root,
          agentTool: tool as Tool<unknown>,
          ...(runtime.skillToolName !== undefined ? { skillToolName: runtime.skillToolName } : {}),
          ...runtime.run,
        }),
      );
    },
  });
  return tool;
}
