/**
 * One model request with retries: builds the neutral request (the session's fixed system and
 * tools, cache hints), streams it through the provider, and re-sends after retryable failures,
 * discarding any partial reply so content is never duplicated. Each retry is an event; usage is
 * accounted here.
 */
import { deeperThan, MAX_TOOL_INPUT_DEPTH } from './reply-limits.js';
import type {
  Message,
  ModelError,
  ModelEvent,
  ModelRequest,
  ModelStopReason,
  Part,
  StopDetails,
  Usage,
} from '@coding-harness/model';
import { addUsage, emptyUsage, estimateCostUsd, totalInput } from '@coding-harness/model';
import { cacheHints, endPosition } from './cache.js';
import type { PartPosition } from '@coding-harness/model';
import { isRetryable, retryDelayMs } from './retry.js';
import { fitImageLimits } from './image-limits.js';
import { switchToFallback } from './overload-fallback.js';
import { toolResultClearing } from './tool-result-clearing.js';
import type { AgentConfig, AgentState, Emit } from './state.js';

/** The request for `messages`: the session's fixed system and tools, with cache hints. */
export function buildRequest(
  config: AgentConfig,
  messages: readonly Message[],
  previousEnd?: PartPosition,
): ModelRequest {
  const request: ModelRequest = {
    model: config.descriptor.id,
    maxTokens: config.maxTokens,
    system: config.system,
    tools: config.tools,
    // More than 20 images: each over 2000 px a side is a line naming its file, in this request only.
    messages: fitImageLimits(messages),
    cache: cacheHints(messages, previousEnd, config.cacheTtl),
  };
  if (config.thinking !== undefined) request.thinking = config.thinking;
  if (config.effort !== undefined) request.effort = config.effort;
  return request;
}

/** How one request ended: the reply, or the failure (with the parts that finished before it). */
export type ReadResult =
  | {
      ok: true;
      message: Message;
      stopReason: ModelStopReason | null;
      stopDetails?: StopDetails;
      usage: Usage;
      /** Tool calls whose input was cut by `max_tokens` (their input in `message` is `{}`). */
      truncatedToolCalls: string[];
      /** Tool calls whose input nested deeper than MAX_TOOL_INPUT_DEPTH (their input in `message` is `{}`; never run). */
      tooDeepToolCalls: string[];
    }
  | { ok: false; error: ModelError; completed: Part[]; usage: Usage };

export interface SendOptions {
  /** Forward text/thinking deltas as events (false for the summarisation request). */
  streamDeltas: boolean;
  /** Present: a compaction request (the provider writes the summary; see server-compaction.ts). */
  compaction?: ModelRequest['compaction'];
}

/**
 * Sends `messages` (retrying as configured) and accounts the usage of the reply in `state`.
 * Returns the final result: ok, or the last failure (aborted, not retryable, or out of attempts).
 */
export async function sendWithRetry(
  config: AgentConfig,
  state: AgentState,
  messages: readonly Message[],
  signal: AbortSignal,
  emit: Emit,
  opts: SendOptions,
): Promise<ReadResult> {
  const build = () => {
    const built = buildRequest(config, messages, state.previousEnd);
    if (opts.compaction !== undefined) built.compaction = opts.compaction;
    // The loop's own requests only: a summary or compaction request reads every result.
    const clearing = opts.compaction === undefined && opts.streamDeltas ? toolResultClearing(config) : undefined;
    if (clearing) built.clearToolResults = clearing;
    return built;
  };
  let request = build();
  const plan = config.retry;
  for (let attempt = 1; ; attempt++) {
    let streamed = false;
    const { result, notices } = await read(config.provider.stream(request, signal), (event) => {
      streamed = true;
      if (opts.streamDeltas) emit(event);
    });
    // What the provider skipped (an unknown block or event type...) is said once per reason,
    // after the deltas, so it never counts as streamed text.
    for (const message of notices) emit({ type: 'notice', message });
    if (result.ok) {
      account(config, state, result.usage, emit);
      state.previousEnd = endPosition(messages);
      return result;
    }
    if (signal.aborted || result.error.kind === 'aborted')
      return { ...result, error: { kind: 'aborted', message: 'aborted by the user' } };
    if (!isRetryable(result.error) || attempt >= plan.maxAttempts) {
      // Still overloaded after every retry: once per turn, the fallback model (`--fallback-model`).
      if (!switchToFallback(config, result.error, emit)) return result;
      request = build();
      attempt = 0;
      continue;
    }
    const delayMs = retryDelayMs(plan, attempt, result.error);
    emit({
      type: 'retry',
      attempt,
      maxAttempts: plan.maxAttempts,
      delayMs,
      reason: describe(result.error),
      partialDiscarded: streamed && opts.streamDeltas,
    });
    await plan.sleep(delayMs, signal);
    if (signal.aborted) return { ...result, error: { kind: 'aborted', message: 'aborted by the user' }, completed: [] };
  }
}

type Delta = Extract<ModelEvent, { type: 'text_delta' | 'thinking_delta' }>;

/**
 * Reads a provider's stream to its end: deltas to `onDelta`, notices collected, and the terminal
 * event as a result. A provider is trusted to end with one `done` or `error` and never throw; one
 * that breaks that contract gives a `connection` failure here, never an exception in the loop.
 */
async function read(
  stream: AsyncIterable<ModelEvent>,
  onDelta: (event: Delta) => void,
): Promise<{ result: ReadResult; notices: string[] }> {
  const notices: string[] = [];
  let result: ReadResult | undefined;
  try {
    for await (const event of stream) {
      if (result) continue;
      switch (event.type) {
        case 'text_delta':
        case 'thinking_delta':
          onDelta(event);
          break;
        case 'notice':
          notices.push(event.message);
          break;
        case 'done': {
          const { type: _t, ...done } = event;
          result = { ok: true, ...done, ...withoutDeepInput(done.message) };
          break;
        }
        case 'error': {
          const { type: _t, ...failed } = event;
          result = { ok: false, ...failed };
          break;
        }
      }
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    result ??= {
      ok: false,
      error: { kind: 'connection', message: `the provider failed: ${why}` },
      completed: [],
      usage: emptyUsage(),
    };
  }
  result ??= {
    ok: false,
    error: { kind: 'connection', message: 'the provider ended the reply without a result' },
    completed: [],
    usage: emptyUsage(),
  };
  return { result, notices };
}

/**
 * The message with the input of every tool call nested deeper than the limit replaced by `{}`,
 * and those calls' ids: whatever the provider, such an input never reaches the transcript, the
 * events or the next request (serializing it overflowed the stack).
 */
function withoutDeepInput(message: Message): { message: Message; tooDeepToolCalls: string[] } {
  const tooDeep: string[] = [];
  const content = message.content.map((part) => {
    if (part.type !== 'tool_call' || !deeperThan(part.input, MAX_TOOL_INPUT_DEPTH)) return part;
    tooDeep.push(part.id);
    return { ...part, input: {} };
  });
  return { message: tooDeep.length === 0 ? message : { ...message, content }, tooDeepToolCalls: tooDeep };
}

function account(config: AgentConfig, state: AgentState, usage: Usage, emit: Emit): void {
  const costUsd = estimateCostUsd(config.descriptor, usage);
  state.totals = {
    usage: addUsage(state.totals.usage, usage),
    costUsd: state.totals.costUsd + costUsd,
    requests: state.totals.requests + 1,
  };
  state.lastInputTokens = totalInput(usage);
  emit({ type: 'usage', request: state.totals.requests, model: config.model, usage, costUsd });
}

function describe(error: { kind: string; status?: number; message: string }): string {
  const status = error.status !== undefined ? ` ${error.status}` : '';
  return `${error.kind}${status}: ${error.message}`;
}
