/**
 * Runs one agent as a thread of the turn (`TurnContext.runThread`): its own conversation whose
 * first user message is the task, its own system prompt (the agent file's body and a short note
 * on where it runs, never the main agent's prompt, as in Claude Code), its tool subset, its model
 * and effort. Its calls go through the session's hooks and approval policy like any other. Its
 * final text is what the caller gets back.
 */
import type { Hooks, SettingsChange, ThreadEnd, TurnContext } from '@coding-harness/agent';
import { textResult } from '@coding-harness/model';
import type { SystemText } from '@coding-harness/model';
import type { Tool, ToolResult } from '@coding-harness/tools';
import type { PermissionMode } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import type { AgentDefinition } from './agent-file.js';
import { preloadSkills } from './preload-skills.js';
import { agentToolSet } from './agent-tools.js';

export interface AgentRun {
  ctx: TurnContext;
  agent: AgentDefinition;
  /** The first user message: the caller's prompt (or a fork skill's rendered body). */
  task: string;
  /** The tool call the thread runs under. */
  callId: string;
  /** For people: what the thread is (`agent reviewer: check the diff`). */
  label: string;
  /** The work root, told to the agent. */
  workroot: string;
  agentTool: Tool<unknown>;
  skillToolName?: string;
  /** The session's permission mode now: `bypassPermissions` and `plan` are never overridden by an agent's `permissionMode`. */
  sessionMode?: () => PermissionMode;
  /** The session's skills now, for the agent's `skills:` preload. */
  skills?: () => readonly Skill[];
  /** The agent's own `hooks:` as a plugin for its thread, with a line for each thing not run. */
  threadHooks?: (agent: AgentDefinition) => { hooks?: Hooks; problems: string[] };
}

/** The mode the agent's calls are decided under: its own, unless the session's is bypassPermissions or plan (as in Claude Code, the parent's bypass wins; plan stays read-only). */
function threadMode(agent: AgentDefinition, session: PermissionMode | undefined): PermissionMode | undefined {
  if (agent.permissionMode === undefined) return undefined;
  if (session === 'bypassPermissions' || session === 'plan') return undefined;
  return agent.permissionMode;
}

/** The agent's system prompt: its own text, then where it runs and who reads its answer. */
export function agentSystem(agent: AgentDefinition, workroot: string): SystemText[] {
  return [
    { text: agent.prompt },
    {
      text: `You run as the subagent "${agent.name}" of the main agent, in the working directory ${workroot}. The first user message is your task. No one reads your messages but the main agent, and only your final message: end with a complete, self-contained answer.`,
    },
  ];
}

/** The thread's model and effort when the agent names them; undefined to keep the turn's. */
function settingsOf(agent: AgentDefinition): SettingsChange | undefined {
  if (agent.model === undefined && agent.effort === undefined) return undefined;
  return {
    ...(agent.model !== undefined ? { model: agent.model } : {}),
    ...(agent.effort !== undefined ? { effort: agent.effort } : {}),
    origin: `agent ${agent.name}`,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Runs the agent; its final answer as the tool result, or an error result saying how it stopped. */
export async function runAgent(run: AgentRun): Promise<ToolResult> {
  const { ctx, agent } = run;
  const set = agentToolSet(agent, ctx.tools, {
    agentTool: run.agentTool,
    ...(run.skillToolName !== undefined ? { skillToolName: run.skillToolName } : {}),
  });
  if (set.unknown.length > 0)
    ctx.emit({
      type: 'notice',
      message: `agent ${agent.name}: ${set.unknown.join(', ')} ${set.unknown.length === 1 ? 'is no tool' : 'are no tools'} of this session; it runs without ${set.unknown.length === 1 ? 'it' : 'them'}`,
    });
  const settings = settingsOf(agent);
  const preloaded = agent.skills !== undefined ? await preloadSkills(agent.skills, run.skills?.() ?? []) : undefined;
  for (const problem of preloaded?.problems ?? [])
    ctx.emit({ type: 'notice', message: `agent ${agent.name}: skills: ${problem}; it runs without it` });
  const mode = threadMode(agent, run.sessionMode?.());
  const own = agent.hooks !== undefined ? run.threadHooks?.(agent) : undefined;
  for (const problem of own?.problems ?? [])
    ctx.emit({ type: 'notice', message: `agent ${agent.name}: hooks: ${problem}` });
  const end: ThreadEnd & { failure?: string } = await ctx
    .runThread({
      name: run.label,
      parentCallId: run.callId,
      system: [...agentSystem(agent, run.workroot), ...(preloaded?.blocks ?? [])],
      tools: set.tools,
      task: run.task,
      ...(settings !== undefined ? { settings } : {}),
      ...(agent.maxTurns !== undefined ? { maxTurns: agent.maxTurns } : {}),
      ...(mode !== undefined ? { permissionMode: mode } : {}),
      ...(own?.hooks !== undefined ? { hooks: [own.hooks] } : {}),
    })
    .catch((err: unknown) => ({
      stopReason: 'error' as const,
      failure: `internal error: ${err instanceof Error ? err.message : String(err)}`,
      text: '',
      requests: 0,
      toolCalls: 0,
    }));
  const counts = `${plural(end.requests, 'request')}, ${plural(end.toolCalls, 'tool call')}`;
  if (end.stopReason === 'end_turn' && end.text !== '')
    return { content: textResult(end.text), display: `agent ${agent.name} answered (${counts})`, isError: false };
  const partial = end.text !== '' ? ` Its last message:\n\n${end.text}` : '';
  return {
    content: textResult(
      `The agent "${agent.name}" stopped without a final answer (${end.failure ?? end.stopReason}, ${counts}).${partial}`,
    ),
    display: `agent ${agent.name} stopped (${end.stopReason})`,
    isError: true,
    errorCode: end.stopReason === 'aborted' ? 'cancelled' : 'failed',
  };
}
