/**
 * One user turn: record the text (and any context queued at resume), make a forced or
 * auto-matched skill call if any, then request, run tools and repeat until the model stops, the
 * request budget is spent, a request fails for good or the user aborts. Whatever happens, the
 * transcript stays valid (every tool_use has its tool_result, no partial assistant message), the
 * turn's grants end and `turn_end` is emitted. Stop reasons other than tool_use/end_turn are
 * handled as stop-reasons.ts describes.
 */
import { MAX_TOOL_INPUT_DEPTH } from './reply-limits.js';
import type { Message, Part, ToolCallPart, ToolResultPart } from '@coding-harness/model';
import { subtractUsage, toolCalls } from '@coding-harness/model';
import { maybeCompact } from './compactor.js';
import type { TurnOutcome, TurnStopReason } from '@coding-harness/protocol';
import { matchSkill } from './auto-skill.js';
import { parseSlashSkills, skillToolUse } from './forced-skill.js';
import { skillLoaded } from './skill-turn.js';
import { sendWithRetry } from './request.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import type { StopDetails } from './stop-reasons.js';
import {
  CONTEXT_FULL,
  maxTokensNotice,
  NOT_RUN_CONTEXT_FULL,
  REFUSAL_REMOVED,
  refusalMessage,
  stopDetailsOf,
} from './stop-reasons.js';
import { CANCELLED, cancelled, executeToolUses } from './tool-executor.js';
import type { ExecuteOptions } from './tool-executor.js';
import { appendMessage, errorResult } from './transcript.js';

/** How a turn's request loop ended. */
interface LoopEnd {
  stopReason: TurnStopReason;
  stopDetails?: StopDetails;
}

/**
 * What a turn's stop reason means for the person who asked: the one definition every front end
 * reads (from `turn_end.outcome`). A refusal, an error and a spent request budget fail the turn;
 * the user's abort is its own outcome.
 */
export function turnOutcome(stopReason: TurnStopReason): TurnOutcome {
  switch (stopReason) {
    case 'aborted':
      return 'aborted';
    case 'error':
    case 'refusal':
    case 'max_turns':
    case 'empty_answer':
      return 'failed';
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'pause_turn':
    case 'model_context_window_exceeded':
      return 'completed';
  }
}

/** Where this turn's user message sits, so a refused turn can be cut from the transcript. */
interface TurnMark {
  messages: Message[];
  index: number;
  /** The user message the turn's text was merged into (a turn after a failed request), as it was before. */
  mergedInto?: Message;
  /** Queued context appended this turn (queued again if the turn is cut). */
  context: Message[];
}

/** Runs one turn to its end; never throws (a bug is reported as a fatal `error` event). */
export async function runTurn(
  sessionConfig: AgentConfig,
  state: AgentState,
  text: string,
  signal: AbortSignal,
  emit: Emit,
  turnId: string,
): Promise<void> {
  // The turn's own copy: a loaded skill's model and effort change it for the rest of the turn only.
  const config: AgentConfig = { ...sessionConfig };
  const turn = ++state.turn;
  const before = { usage: state.totals.usage, cost: state.totals.costUsd };
  let end: LoopEnd;
  emit({ type: 'turn_start', turnId, turn, text });
  try {
    const mark = startTurn(state, text);
    const forced = await forcedSkillCall(config, state, text, signal, emit);
    if (forced === 'aborted') end = { stopReason: 'aborted' };
    else end = await requestLoop(config, state, signal, emit);
    if (end.stopReason === 'refusal') dropRefusedTurn(state, mark, emit);
  } catch (err) {
    emit({
      type: 'error',
      message: `internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      fatal: true,
    });
    closeDangling(state, 'the harness failed before this tool call finished');
    end = { stopReason: 'error' };
  } finally {
    config.policy.endTurn();
    const flushError = state.writer?.flush();
    if (flushError) emit({ type: 'error', message: `session file: ${flushError}`, fatal: false });
  }
  const usage = subtractUsage(state.totals.usage, before.usage);
  emit({
    type: 'turn_end',
    turnId,
    turn,
    stopReason: end.stopReason,
    outcome: turnOutcome(end.stopReason),
    ...(end.stopDetails ? { stopDetails: end.stopDetails } : {}),
    usage,
    costUsd: state.totals.costUsd - before.cost,
  });
}

/** Appends the user text, then the context queued for this turn, in order. */
function startTurn(state: AgentState, text: string): TurnMark {
  const last = state.messages.at(-1);
  const mergedInto = last?.role === 'user' ? last : undefined;
  append(state, { role: 'user', content: [{ type: 'text', text }] });
  const mark: TurnMark = {
    messages: state.messages,
    index: state.messages.length - 1,
    context: state.pendingContext.splice(0),
    ...(mergedInto ? { mergedInto } : {}),
  };
  for (const m of mark.context) append(state, m);
  return mark;
}

/**
 * Cuts the refused turn (from its user message on) from the transcript and the session file:
 * the API keeps refusing a conversation that still holds it. A turn merged into an earlier user
 * message gets that message back as it was; queued context is queued again.
 */
function dropRefusedTurn(state: AgentState, mark: TurnMark, emit: Emit): void {
  const intact = state.messages === mark.messages && state.messages.length > mark.index;
  const keep = intact ? mark.index : 0;
  state.messages.length = keep;
  state.previousEnd = undefined;
  state.persist({ type: 'truncate', keep });
  if (intact && mark.mergedInto) append(state, mark.mergedInto);
  state.pendingContext.unshift(...mark.context);
  emit({
    type: 'notice',
    message: intact
      ? REFUSAL_REMOVED
      : `${REFUSAL_REMOVED} (the turn followed a compaction, so the whole conversation was reset)`,
  });
}

async function requestLoop(config: AgentConfig, state: AgentState, signal: AbortSignal, emit: Emit): Promise<LoopEnd> {
  for (let request = 0; request < config.maxTurns; request++) {
    if (signal.aborted) return { stopReason: 'aborted' };
    await maybeCompact(config, state, signal, emit);
    if (signal.aborted) return { stopReason: 'aborted' };
    emit({ type: 'request_start', request: state.totals.requests + 1 });
    const result = await sendWithRetry(config, state, state.messages, signal, emit, { streamDeltas: true });
    if (!result.ok) {
      if (result.error.kind === 'aborted') {
        keepCompleted(state, result.completed, emit);
        return { stopReason: 'aborted' };
      }
      emit({ type: 'error', message: `the model request failed: ${result.error.message}`, fatal: false });
      return { stopReason: 'error' };
    }
    const message = result.message;
    const stop = result.stopReason ?? 'end_turn';
    if (stop === 'refusal') {
      const stopDetails = stopDetailsOf(result);
      // Shown, never kept: the refused reply does not enter the transcript.
      emit({ type: 'message_end', message: message, stopReason: stop });
      emit({ type: 'error', message: refusalMessage(stopDetails), fatal: false });
      return { stopReason: stop, ...(stopDetails ? { stopDetails } : {}) };
    }
    if (message.content.length > 0) append(state, message);
    emit({ type: 'message_end', message, stopReason: result.stopReason });
    const uses = toolCalls(message);
    if (stop === 'model_context_window_exceeded') {
      emit({ type: 'notice', message: CONTEXT_FULL });
      if (uses.length > 0) append(state, { role: 'user', content: uses.map((u) => notRun(u, NOT_RUN_CONTEXT_FULL)) });
      return { stopReason: stop };
    }
    if (uses.length === 0) {
      // pause_turn: the API paused a long turn; sending the reply back as it is lets it continue.
      if (stop === 'pause_turn' && message.content.length > 0) continue;
      if (stop === 'max_tokens') emit({ type: 'notice', message: maxTokensNotice(message, config.maxTokens) });
      return { stopReason: stop };
    }
    const truncated = new Set(result.truncatedToolCalls);
    if (truncated.size > 0)
      emit({
        type: 'error',
        message: `the reply hit max_tokens in the middle of a tool call (${[...truncated].join(', ')}); the call was not run and the model was told`,
        fatal: false,
      });
    const tooDeep = new Set(result.tooDeepToolCalls);
    if (tooDeep.size > 0)
      emit({
        type: 'error',
        message: `a tool call's input nested more than ${MAX_TOOL_INPUT_DEPTH} levels deep (${[...tooDeep].join(', ')}); it was not run and the model was told`,
        fatal: false,
      });
    await runTools(config, state, uses, signal, emit, { truncated, tooDeep });
    if (signal.aborted) return { stopReason: 'aborted' };
  }
  return { stopReason: 'max_turns' };
}

function notRun(use: ToolCallPart, content: string): ToolResultPart {
  return errorResult(use.id, content);
}

/**
 * `/slug args` (or stacked `/a /b args`: each skill in order, each with the same arguments) or an
 * auto-matched skill: the agent's own `skill` calls before the first request.
 */
async function forcedSkillCall(
  config: AgentConfig,
  state: AgentState,
  text: string,
  signal: AbortSignal,
  emit: Emit,
): Promise<'none' | 'done' | 'aborted'> {
  const slash = parseSlashSkills(text, config.skills);
  let calls: { name: string; args: string; forcedSkill?: string }[] = [];
  if (slash) calls = slash.skills.map((s) => ({ name: s.name, args: slash.args, forcedSkill: s.name }));
  else if (config.autoSkills) {
    const match = matchSkill(text, config.skills);
    if (match) {
      emit({ type: 'notice', message: `auto-loaded skill "${match.skill.name}" (matched: ${match.words.join(', ')})` });
      calls = [{ name: match.skill.name, args: '' }];
    }
  }
  if (calls.length === 0 || !config.registry.get('skill')) return 'none';
  for (const call of calls) {
    if (signal.aborted) break;
    const use = skillToolUse(call.name, call.args);
    const message: Message = { role: 'assistant', content: [use] };
    append(state, message);
    emit({ type: 'message_end', message: message, stopReason: 'tool_use' });
    await runTools(config, state, [use], signal, emit, { forced: true }, call.forcedSkill);
  }
  return signal.aborted ? 'aborted' : 'done';
}

async function runTools(
  config: AgentConfig,
  state: AgentState,
  uses: ToolCallPart[],
  signal: AbortSignal,
  emit: Emit,
  opts: ExecuteOptions,
  forcedSkill?: string,
): Promise<void> {
  const results = await executeToolUses(
    uses,
    {
      registry: config.registry,
      policy: config.policy,
      approvals: config.approvals,
      emit,
      context: config.makeContext(signal, forcedSkill),
      onSkillLoaded: (input, result, callId) =>
        skillLoaded({
          config,
          state,
          input,
          result,
          callId,
          userForced: forcedSkill === input.name,
          signal,
          emit,
          runLoop: requestLoop,
        }),
    },
    opts,
  );
  const message: Message = { role: 'user', content: results };
  append(state, message);
  emit({ type: 'message_end', message: message, stopReason: null });
}

/** After an abort mid-stream: keep the parts that finished; their tool calls are cancelled. */
function keepCompleted(state: AgentState, completed: Part[], emit: Emit): void {
  if (completed.length === 0) return;
  const kept: Message = { role: 'assistant', content: completed };
  append(state, kept);
  emit({ type: 'message_end', message: kept, stopReason: null });
  const uses = completed.filter((b): b is ToolCallPart => b.type === 'tool_call');
  if (uses.length === 0) return;
  const results: Message = { role: 'user', content: uses.map((u) => cancelled(u, { emit })) };
  append(state, results);
  emit({ type: 'message_end', message: results, stopReason: null });
}

/** Gives error results to a trailing assistant message's tool calls (after an internal failure). */
function closeDangling(state: AgentState, content: string): void {
  const last = state.messages.at(-1);
  if (!last || last.role !== 'assistant') return;
  const results = toolCalls(last).map((u) => errorResult(u.id, content || CANCELLED));
  if (results.length > 0) append(state, { role: 'user', content: results });
}

function append(state: AgentState, message: Message): void {
  appendMessage(state.messages, message);
  state.persist({ type: 'message', message });
}
