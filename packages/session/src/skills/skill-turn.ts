/**
 * What loading a skill changes for the rest of its turn (the skills plugin's `afterToolCall` on
 * its own tool): its `allowed-tools` are granted, its `disallowed-tools` denied, its `model` and
 * `effort` used by the turn's next requests, and a `context: fork` skill runs in a subagent (a
 * thread of the turn) whose final answer becomes the skill tool's result. A non-fork load is
 * recorded in the session file with the text the model got, which is what compaction puts back.
 * Everything here ends with the turn: a settings switch is the turn's, and the policy drops turn
 * grants and denies at the turn's end.
 */
import type { SettingsChange, ThreadEnd, TurnContext } from '@coding-harness/agent';
import { resultText, textResult } from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import type { Tool, ToolResult } from '@coding-harness/tools';
import { skillRecord } from './skill-records.js';
import { subagentKind, subagentSystem, subagentTools } from './subagent.js';
import type { AgentRunner } from '../agents/agents-plugin.js';

/** Everything `skillLoaded` needs about the call that loaded the skill. */
export interface SkillLoad {
  ctx: TurnContext;
  skill: Skill;
  args: string;
  /** The skill tool's result (the rendered body, redacted), which a fork skill's subagent gets as its task. */
  result: ToolResult;
  /** The id of the skill tool call (a fork skill's thread runs under it). */
  callId: string;
  /** True when the user forced this skill with `/name` (its grants may widen to write and exec tools). */
  userForced: boolean;
  /** The skill tool itself: never one of a subagent's tools. */
  skillTool: Tool<unknown>;
  /** The session's custom agents: `agent: <name>` naming one runs the fork with it. */
  agents?: AgentRunner;
}

/**
 * Applies a successfully loaded skill to its turn; returns the tool result to send instead of
 * the body (a fork skill's subagent answer), or undefined to keep the body.
 */
export async function skillLoaded(load: SkillLoad): Promise<ToolResult | undefined> {
  const { ctx, skill } = load;
  const fork = skill.context === 'fork';
  if (!fork) ctx.persist(skillRecord(skill.name, load.args, resultText(load.result.content)));
  if (skill.allowedTools.length > 0) grantSkillTools(ctx, skill, load.userForced);
  if ((skill.disallowedTools ?? []).length > 0) denySkillTools(ctx, skill);
  const change: SettingsChange = {
    ...(skill.model !== undefined ? { model: skill.model } : {}),
    ...(skill.effort !== undefined ? { effort: skill.effort } : {}),
    origin: `skill ${skill.name}`,
  };
  const changes = change.model !== undefined || change.effort !== undefined;
  if (!fork) {
    if (changes) ctx.switchSettings(change);
    return undefined;
  }
  return runFork(load, changes ? change : undefined);
}

/** Runs a fork skill's body as a subagent's task; its final answer is the tool result. */
async function runFork(load: SkillLoad, settings: SettingsChange | undefined): Promise<ToolResult> {
  const { ctx, skill } = load;
  const custom = skill.agent !== undefined ? load.agents?.find(skill.agent) : undefined;
  if (custom !== undefined && load.agents !== undefined) {
    // A custom agent brings its own prompt, tools and model; the skill's model and effort apply on top.
    ctx.emit({ type: 'notice', message: `skill ${skill.name}: running with the agent "${custom.name}"` });
    const agent = settings === undefined ? custom : { ...custom, ...settings };
    return load.agents.run(agent, {
      ctx,
      task: resultText(load.result.content),
      callId: load.callId,
      label: `skill ${skill.name}`,
    });
  }
  const { kind, unknown } = subagentKind(skill.agent);
  if (unknown !== undefined)
    ctx.emit({
      type: 'notice',
      message: `skill ${skill.name}: agent "${unknown}" is not one this harness has (Explore, Plan, general-purpose, or a custom agent /agents lists); it runs as the read-only explorer`,
    });
  // Never the agent tool: a fork skill's subagent starts no agents of its own.
  const tools = subagentTools(ctx.tools, kind, skill.disallowedTools ?? [], load.skillTool).filter(
    (t) => t !== load.agents?.tool,
  );
  ctx.emit({
    type: 'notice',
    message: `skill ${skill.name}: running in a ${kind === 'explorer' ? 'read-only explorer' : 'general'} subagent with ${tools.map((t) => t.name).join(', ') || 'no tools'}`,
  });
  const end: ThreadEnd & { failure?: string } = await ctx
    .runThread({
      name: `skill ${skill.name}`,
      parentCallId: load.callId,
      system: subagentSystem(ctx.system, skill, kind),
      tools,
      task: resultText(load.result.content),
      ...(settings !== undefined ? { settings } : {}),
    })
    .catch((err: unknown) => ({
      stopReason: 'error' as const,
      failure: `internal error: ${err instanceof Error ? err.message : String(err)}`,
      text: '',
      requests: 0,
      toolCalls: 0,
    }));
  const counts = `${end.requests} request${end.requests === 1 ? '' : 's'}, ${end.toolCalls} tool call${end.toolCalls === 1 ? '' : 's'}`;
  if (end.stopReason === 'end_turn' && end.text !== '')
    return {
      content: textResult(`The skill "${skill.name}" ran in a subagent; its final answer:\n\n${end.text}`),
      display: `skill ${skill.name}: subagent answered (${counts})`,
      isError: false,
    };
  const partial = end.text !== '' ? ` Its last message:\n\n${end.text}` : '';
  return {
    content: textResult(
      `The skill "${skill.name}" ran in a subagent that stopped without a final answer (${end.failure ?? end.stopReason}, ${counts}).${partial}`,
    ),
    display: `skill ${skill.name}: subagent stopped (${end.stopReason})`,
    isError: true,
    errorCode: 'failed',
  };
}

/**
 * A loaded skill's `allowed-tools` for the rest of the turn. Only a skill the user forced with
 * `/slug` may widen to write and exec tools; a model-invoked or auto-loaded skill gets its
 * read-kind rules only (a cloned repository's skill must not grant itself bash).
 */
function grantSkillTools(ctx: TurnContext, skill: Skill, userForced: boolean): void {
  const errors =
    ctx.policy.grantForTurn(skill.allowedTools, `skill ${skill.name}`, userForced ? {} : { maxKind: 'read' }) ?? [];
  const origin = `skill ${skill.name}:`;
  for (const error of errors) {
    if (error.startsWith(origin)) {
      ctx.emit({ type: 'notice', message: error });
      continue;
    }
    const rule = skill.allowedTools.find((r) => error.includes(JSON.stringify(r)));
    const what =
      rule !== undefined
        ? `allowed-tools rule ${JSON.stringify(rule)} was not granted: ${error}`
        : `allowed-tools: ${error}`;
    ctx.emit({ type: 'notice', message: `${origin} ${what}` });
  }
}

/**
 * A loaded skill's `disallowed-tools`, denied for the rest of the turn however the skill was
 * loaded (it only narrows). A rule that does not parse is a notice naming it.
 */
function denySkillTools(ctx: TurnContext, skill: Skill): void {
  const errors = ctx.policy.denyForTurn(skill.disallowedTools ?? [], `skill ${skill.name} (disallowed-tools)`);
  for (const error of errors ?? []) ctx.emit({ type: 'notice', message: `${error}; that rule denies nothing` });
}
