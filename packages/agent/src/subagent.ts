/**
 * A subagent: a separate conversation inside a turn, for a `context: fork` skill. It shares the
 * session's provider, jail, read tracker, approval policy and question, and has its own
 * transcript, its own (narrower) tool list and no skills. Its requests are counted in the
 * session's usage and cost; its tool calls and questions reach the front end as events.
 */
import type { Message, SystemText } from '@coding-harness/model';
import { addUsage, emptyUsage, messageText, textResult } from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import type { Tool, ToolDefinition, ToolRegistry } from '@coding-harness/tools';
import type { AgentEvent, TurnStopReason } from './events.js';
import { randomHex } from './random-id.js';
import { SKILLS_INTRO } from './prompt.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import { toolSpecs } from './tool-specs.js';

/** The two kinds of subagent: read-only exploration, or every tool of the session. */
export type SubagentKind = 'explorer' | 'general';

/** `agent:` values, lower-cased, that mean each kind (Claude Code's built-in agent names and ours). */
const AGENT_NAMES: Readonly<Record<string, SubagentKind>> = {
  explore: 'explorer',
  explorer: 'explorer',
  plan: 'explorer',
  'general-purpose': 'general',
  general: 'general',
};

/**
 * The kind a skill's `agent` names; no `agent` is the general agent (as in Claude Code). An
 * agent this harness does not have (a custom `.claude/agents` file) runs as the read-only
 * explorer, never with more tools than asked for, and `unknown` says so.
 */
export function subagentKind(agent: string | undefined): { kind: SubagentKind; unknown?: string } {
  if (agent === undefined || agent.trim() === '') return { kind: 'general' };
  const kind = AGENT_NAMES[agent.trim().toLowerCase()];
  return kind ? { kind } : { kind: 'explorer', unknown: agent.trim() };
}

/**
 * The tools a subagent gets: never `skill` (no nested skills), read-kind only for the explorer,
 * and none that the skill's `disallowed-tools` names as a whole tool (`Bash`, `Edit`). Rules with
 * a specifier (`Bash(rm:*)`) keep the tool; the policy denies those calls for the turn.
 */
export function subagentTools(registry: ToolRegistry, kind: SubagentKind, disallowed: readonly string[]): Tool[] {
  const names = new Map<string, string>();
  for (const entry of registry.ruleNames())
    for (const n of [entry.name, ...entry.ruleNames]) names.set(n.toLowerCase(), entry.name);
  const removed = new Set(
    disallowed.filter((r) => !r.includes('(')).flatMap((r) => names.get(r.trim().toLowerCase()) ?? []),
  );
  return registry.tools.filter(
    (t) => t.name !== 'skill' && !removed.has(t.name) && (kind === 'general' || t.kind === 'read'),
  );
}

/** A view of `registry` that knows only `tools`: a call of any other tool is an unknown-tool error. */
export function restrictRegistry(registry: ToolRegistry, tools: readonly Tool[]): ToolRegistry {
  const allowed = new Set(tools.map((t) => t.name));
  const defs = (): ToolDefinition[] => registry.definitions().filter((d) => allowed.has(d.name));
  return {
    tools,
    get: (name) => (allowed.has(name) ? registry.get(name) : undefined),
    definitions: defs,
    ruleNames: () => registry.ruleNames(),
    prepare: (name, rawInput, ctx) =>
      allowed.has(name)
        ? registry.prepare(name, rawInput, ctx)
        : {
            ok: false,
            result: {
              content: textResult(`Unknown tool "${name}". Available tools: ${[...allowed].join(', ') || '(none)'}.`),
              display: `unknown tool ${name}`,
              isError: true,
              errorCode: 'invalid_input',
            },
          },
  };
}

/** The subagent's system prompt: the session's blocks without the skills listing, then its role. */
export function subagentSystem(system: readonly SystemText[], skill: Skill, kind: SubagentKind): SystemText[] {
  const kept = system.filter((b) => !b.text.startsWith(SKILLS_INTRO)).map((b) => ({ text: b.text }));
  const role =
    kind === 'explorer'
      ? 'You have read-only tools: investigate, do not change anything.'
      : 'You have the tools listed; changes and commands go through the same approval as the main agent.';
  kept.push({
    text: `You are a subagent running the skill "${skill.name}" for the main agent. The first user message is your task (the skill's instructions). ${role} No one reads your messages but the main agent, and only your final message: end with a complete, self-contained answer.`,
  });
  return kept;
}

/** How a subagent's conversation ended: its final text, and why it stopped. */
export interface SubagentEnd {
  stopReason: TurnStopReason;
  text: string;
  requests: number;
  toolCalls: number;
}

/** The loop that runs a conversation's requests and tools until the model stops (the turn's own, injected). */
export type RunLoop = (
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
) => Promise<{ stopReason: TurnStopReason }>;

/**
 * Runs `task` in a subagent with `tools` and returns its final text. Its requests are added to
 * `parent`'s totals as they complete (the turn's usage and cost include them). It is a thread of
 * the turn: `thread_start` names the tool call it runs under, every event it makes reaches `emit`
 * with the thread's `threadId` (its questions are answered like any other, by request id), and
 * `thread_end` says how it stopped.
 */
export async function runSubagent(input: {
  config: AgentConfig;
  parent: AgentState;
  skill: Skill;
  kind: SubagentKind;
  tools: readonly Tool[];
  task: string;
  signal: AbortSignal;
  emit: Emit;
  runLoop: RunLoop;
  /** The skill tool call the subagent runs under (`thread_start.parentCallId`). */
  parentCallId: string;
}): Promise<SubagentEnd> {
  const { config, parent, skill, kind, tools, signal, emit } = input;
  const registry = restrictRegistry(config.registry, tools);
  const sub: AgentConfig = {
    ...config,
    system: subagentSystem(config.system, skill, kind),
    tools: toolSpecs(registry.definitions()),
    registry,
    skills: [],
    autoSkills: false,
  };
  const state: AgentState = {
    messages: [{ role: 'user', content: [{ type: 'text', text: input.task }] }],
    totals: { usage: emptyUsage(), costUsd: 0, requests: 0 },
    invokedSkills: new Map(),
    lastInputTokens: 0,
    pendingContext: [],
    turn: 1,
    persist: () => undefined,
  };
  let toolCalls = 0;
  const threadId = `thread_${randomHex(12)}`;
  const forward = (event: AgentEvent): void => {
    if (event.type === 'usage') {
      parent.totals = {
        usage: addUsage(parent.totals.usage, event.usage),
        costUsd: parent.totals.costUsd + event.costUsd,
        requests: parent.totals.requests + 1,
      };
      emit({ ...event, request: parent.totals.requests, threadId });
      return;
    }
    if (event.type === 'tool_call_started') toolCalls += 1;
    emit({ ...event, threadId });
  };
  emit({ type: 'thread_start', threadId, parentCallId: input.parentCallId, name: `skill ${skill.name}` });
  const end = await input.runLoop(sub, state, signal, forward);
  emit({ type: 'thread_end', threadId, stopReason: end.stopReason });
  const last = [...state.messages].reverse().find((m: Message) => m.role === 'assistant');
  return {
    stopReason: end.stopReason,
    text: last ? messageText(last).trim() : '',
    requests: state.totals.requests,
    toolCalls,
  };
}
