/**
 * What loading a skill changes for the rest of its turn: its `allowed-tools` are granted, its
 * `disallowed-tools` denied, its `model` and `effort` used by the turn's next requests, and a
 * `context: fork` skill runs in a subagent whose final answer becomes the skill tool's result.
 * Everything here ends with the turn: the turn runs on its own copy of the agent's config, and
 * the policy drops turn grants and denies at `endTurn`.
 */
import type { Skill } from '@coding-harness/skills';
import { resultText, textResult } from '@coding-harness/model';
import type { ToolResult } from '@coding-harness/tools';
import type { AgentConfig, AgentState, Emit } from './state.js';
import type { ThreadEnd } from './hooks.js';
import { subagentKind, subagentSystem, subagentTools } from './subagent.js';
import type { RunLoop } from './thread.js';
import { runThread } from './thread.js';
import type { TurnModelSettings } from './turn-model.js';
import { turnSettingsSwitch } from './turn-model.js';

/** Everything `skillLoaded` needs about the call that loaded the skill. */
export interface SkillLoad {
  /** The turn's own config (a copy): the model switch is written into it. */
  config: AgentConfig;
  state: AgentState;
  input: { name: string; args?: string };
  /** The skill tool's result (the rendered body), which a fork skill's subagent gets as its task. */
  result: ToolResult;
  /** The id of the skill tool call (a fork skill's subagent events name it, to be shown under it). */
  callId: string;
  /** True when the user forced this skill with `/name` (its grants may widen to write and exec tools). */
  userForced: boolean;
  signal: AbortSignal;
  emit: Emit;
  runLoop: RunLoop;
}

/**
 * Applies a successfully loaded skill to its turn; returns the tool result to send instead of
 * the body (a fork skill's subagent answer), or undefined to keep the body.
 */
export async function skillLoaded(load: SkillLoad): Promise<ToolResult | undefined> {
  const { config, state, input, emit } = load;
  const skill = config.skills.find((s) => s.name === input.name);
  if (!skill) return undefined;
  const fork = skill.context === 'fork';
  if (!fork) {
    const args = input.args ?? '';
    state.invokedSkills.delete(input.name);
    state.invokedSkills.set(input.name, args);
    state.persist({ type: 'skill', name: input.name, args });
  }
  if (skill.allowedTools.length > 0) grantSkillTools(config, skill, load.userForced, emit);
  if ((skill.disallowedTools ?? []).length > 0) denySkillTools(config, skill, emit);
  const target = fork ? { ...config } : config;
  const switched = turnSettingsSwitch(
    turnSettings(target),
    {
      ...(skill.model !== undefined ? { model: skill.model } : {}),
      ...(skill.effort !== undefined ? { effort: skill.effort } : {}),
      origin: `skill ${skill.name}`,
    },
    config.providers,
  );
  for (const message of switched.notices) emit({ type: 'notice', message });
  if (switched.settings) applySettings(target, switched.settings);
  return fork ? runFork({ ...load, config: target }, skill) : undefined;
}

/** Runs a fork skill's body as a subagent's task; its final answer is the tool result. */
async function runFork(load: SkillLoad, skill: Skill): Promise<ToolResult> {
  const { kind, unknown } = subagentKind(skill.agent);
  if (unknown !== undefined)
    load.emit({
      type: 'notice',
      message: `skill ${skill.name}: agent "${unknown}" is not one this harness has (Explore, Plan, general-purpose); it runs as the read-only explorer`,
    });
  const tools = subagentTools(load.config.registry, kind, skill.disallowedTools ?? []);
  load.emit({
    type: 'notice',
    message: `skill ${skill.name}: running in a ${kind === 'explorer' ? 'read-only explorer' : 'general'} subagent with ${tools.map((t) => t.name).join(', ') || 'no tools'}`,
  });
  const end: ThreadEnd & { failure?: string } = await runThread({
    config: load.config,
    parent: load.state,
    spec: {
      name: `skill ${skill.name}`,
      parentCallId: load.callId,
      system: subagentSystem(load.config.system, skill, kind),
      tools,
      task: resultText(load.result.content),
    },
    signal: load.signal,
    emit: load.emit,
    runLoop: load.runLoop,
  }).catch((err: unknown) => ({
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
function grantSkillTools(config: AgentConfig, skill: Skill, userForced: boolean, emit: Emit): void {
  const errors =
    config.policy.grantForTurn(skill.allowedTools, `skill ${skill.name}`, userForced ? {} : { maxKind: 'read' }) ?? [];
  const origin = `skill ${skill.name}:`;
  for (const error of errors) {
    if (error.startsWith(origin)) {
      emit({ type: 'notice', message: error });
      continue;
    }
    const rule = skill.allowedTools.find((r) => error.includes(JSON.stringify(r)));
    const what =
      rule !== undefined
        ? `allowed-tools rule ${JSON.stringify(rule)} was not granted: ${error}`
        : `allowed-tools: ${error}`;
    emit({ type: 'notice', message: `${origin} ${what}` });
  }
}

/**
 * A loaded skill's `disallowed-tools`, denied for the rest of the turn however the skill was
 * loaded (it only narrows). A rule that does not parse is a notice naming it.
 */
function denySkillTools(config: AgentConfig, skill: Skill, emit: Emit): void {
  const errors = config.policy.denyForTurn(skill.disallowedTools ?? [], `skill ${skill.name} (disallowed-tools)`);
  for (const error of errors ?? []) emit({ type: 'notice', message: `${error}; that rule denies nothing` });
}

function turnSettings(config: AgentConfig): TurnModelSettings {
  return {
    model: config.model,
    provider: config.provider,
    descriptor: config.descriptor,
    maxTokens: config.maxTokens,
    ...(config.thinking !== undefined ? { thinking: config.thinking } : {}),
    ...(config.effort !== undefined ? { effort: config.effort } : {}),
    contextWindow: config.contextWindow,
  };
}

function applySettings(config: AgentConfig, s: TurnModelSettings): void {
  config.model = s.model;
  config.provider = s.provider;
  config.descriptor = s.descriptor;
  config.maxTokens = s.maxTokens;
  config.contextWindow = s.contextWindow;
  if (s.thinking !== undefined) config.thinking = s.thinking;
  else delete config.thinking;
  if (s.effort !== undefined) config.effort = s.effort;
  else delete config.effort;
}
