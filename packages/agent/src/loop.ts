/**
 * One user turn: the plugins' `beforeTurn` hooks (which may block it), record the text (then any
 * context queued at resume and the hooks' context), make the hooks' forced calls if any, then
 * request, run tools and repeat until the model stops, the request budget is spent, a request
 * fails for good or the user aborts; then the `afterTurn` hooks (which may send it on). Whatever happens, the
 * transcript stays valid (every tool_use has its tool_result, no partial assistant message), the
 * turn's grants end and `turn_end` is emitted. Stop reasons other than tool_use/end_turn are
 * handled as stop-reasons.ts describes.
 */
import { MAX_TOOL_INPUT_DEPTH } from './reply-limits.js';
import type { Message, Part, ToolCallPart, ToolResultPart } from '@coding-harness/model';
import { subtractUsage, toolCalls } from '@coding-harness/model';
import { maybeCompact } from './compactor.js';
import { contextNote } from './context-note.js';
import { turnContext } from './hook-context.js';
import type { ForcedCall, TurnContext } from './hooks.js';
import { MAX_CONTINUATIONS } from './hooks.js';
import type { TurnOutcome, TurnStopReason } from '@coding-harness/protocol';
import { toolUseId } from './random-id.js';
import { sendWithRetry } from './request.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import type { SendTurnOptions } from './agent-types.js';
import type { StopDetails } from './stop-reasons.js';
import { endWithoutTools } from './reply-end.js';
import { retryOnRecommended } from './refusal-fallback.js';
import { CONTEXT_FULL, NOT_RUN_CONTEXT_FULL, REFUSAL_REMOVED, refusalMessage, stopDetailsOf } from './stop-reasons.js';
import { CANCELLED, cancelled, executeToolUses } from './tool-executor.js';
import type { ExecuteOptions } from './tool-executor.js';
import { appendMessage, errorResult } from './transcript.js';
import { takeTrailingContext } from './trailing-context.js';

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
    case 'blocked':
      return 'failed';
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'pause_turn':
    case 'model_context_window_exceeded':
    case 'compaction':
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
  parts: SendTurnOptions['parts'] = {},
): Promise<void> {
  // The turn's own copy: a hook's settings switch (a skill's model and effort) lasts for the rest of the turn only.
  const config: AgentConfig = { ...sessionConfig, turnId };
  const turn = ++state.turn;
  const before = { usage: state.totals.usage, cost: state.totals.costUsd };
  let end: LoopEnd;
  emit({ type: 'turn_start', turnId, turn, text });
  try {
    const ctx = turnContext(config, state, signal, emit, requestLoop);
    const start = config.hooks.empty ? { context: [], calls: [] } : await config.hooks.beforeTurn({ text }, ctx);
    if ('block' in start) {
      emit({ type: 'error', message: `the turn was blocked: ${start.block}`, fatal: false });
      end = { stopReason: 'blocked' };
    } else {
      const mark = startTurn(
        state,
        [...(parts.before ?? []), { type: 'text', text }, ...(parts.after ?? [])],
        start.context.map((t) => contextNote(config.descriptor, t)),
      );
      const forced = await forcedCalls(config, state, start.calls, signal, emit);
      if (forced === 'aborted') end = { stopReason: 'aborted' };
      else end = await requestLoop(config, state, signal, emit);
      end = await afterTurn(config, state, end, ctx, signal, emit);
      if (end.stopReason === 'refusal') dropRefusedTurn(state, mark, emit);
    }
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

/**
 * The plugins' `afterTurn` hooks on how the requests ended; while one asks the turn to go on
 * (after `end_turn` only, at most `MAX_CONTINUATIONS` times), its text is sent as a user message
 * and the requests go on.
 */
async function afterTurn(
  config: AgentConfig,
  state: AgentState,
  first: LoopEnd,
  ctx: TurnContext,
  signal: AbortSignal,
  emit: Emit,
): Promise<LoopEnd> {
  let end = first;
  for (let continuations = 0; !config.hooks.empty; continuations++) {
    const next = await config.hooks.afterTurn(
      { turnId: config.turnId ?? '', stopReason: end.stopReason, continuations },
      ctx,
    );
    if (next === undefined || end.stopReason !== 'end_turn' || signal.aborted) break;
    if (continuations >= MAX_CONTINUATIONS) {
      emit({
        type: 'notice',
        message: `a hook asked the turn to go on again; it already went on ${MAX_CONTINUATIONS} times, so it ends here`,
      });
      break;
    }
    emit({ type: 'notice', message: `a hook sent the turn on: ${next.split('\n')[0] ?? ''}` });
    append(state, { role: 'user', content: [{ type: 'text', text: next }] });
    end = await requestLoop(config, state, signal, emit);
  }
  return end;
}

/** Appends the user text, then the context queued for this turn and the hooks' context, in order. */
function startTurn(state: AgentState, content: Part[], hookContext: readonly Message[] = []): TurnMark {
  // A system message left last by a failed request would precede this user message: a 400.
  const unanswered = takeTrailingContext(state);
  const last = state.messages.at(-1);
  const mergedInto = last?.role === 'user' ? last : undefined;
  append(state, { role: 'user', content });
  const mark: TurnMark = {
    messages: state.messages,
    index: state.messages.length - 1,
    context: [...unanswered, ...state.pendingContext.splice(0), ...hookContext],
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
      if (retryOnRecommended(config, stopDetails, emit)) continue;
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
      const end = endWithoutTools(config, message, stop, emit);
      if (end.continue) continue;
      return { stopReason: end.stopReason, ...(end.stopDetails ? { stopDetails: end.stopDetails } : {}) };
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

/** The hooks' forced calls, each in its own assistant message, before the first request. */
async function forcedCalls(
  config: AgentConfig,
  state: AgentState,
  calls: readonly ForcedCall[],
  signal: AbortSignal,
  emit: Emit,
): Promise<'done' | 'aborted'> {
  for (const call of calls) {
    if (signal.aborted) break;
    const use: ToolCallPart = {
      type: 'tool_call',
      id: call.id ?? toolUseId(),
      name: call.tool.name,
      input: call.input,
    };
    const message: Message = { role: 'assistant', content: [use] };
    append(state, message);
    emit({ type: 'message_end', message, stopReason: 'tool_use' });
    await runTools(config, state, [use], signal, emit, { forced: true, tool: call.tool });
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
): Promise<void> {
  const results = await executeToolUses(
    uses,
    {
      registry: config.registry,
      policy: config.policy,
      approvals: config.approvals,
      emit,
      context: config.makeContext(signal),
      hooks: { runner: config.hooks, context: turnContext(config, state, signal, emit, requestLoop) },
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
