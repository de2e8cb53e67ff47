/**
 * One model request with retries: builds the request (fixed system and tools, breakpoints on
 * copies of the transcript), streams it, and re-sends after retryable failures, discarding any
 * partial reply so content is never duplicated. Each retry is an event; usage is accounted here.
 */
import { endPosition, markMessages } from './cache.js';
import type { BlockPosition } from './cache.js';
import type { Message } from './messages.js';
import type { ThinkingSetting } from './catalogue.js';
import type { ModelRequest, RequestThinking } from './model-types.js';
import { estimateCostUsd } from './prices.js';
import { isRetryable, retryDelayMs } from './retry.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import type { ReadResult } from './stream-reader.js';
import { readStream } from './stream-reader.js';
import { addUsage, totalInput } from './usage.js';

/** The request for `messages`: the session's fixed system and tools, breakpoints added to copies. */
export function buildRequest(
  config: AgentConfig,
  messages: readonly Message[],
  previousEnd?: BlockPosition,
): ModelRequest {
  const request: ModelRequest = {
    model: config.model,
    max_tokens: config.maxTokens,
    system: config.system,
    tools: config.tools,
    messages: markMessages(messages, previousEnd),
  };
  if (config.thinking !== undefined) request.thinking = thinkingParam(config.thinking);
  if (config.effort !== undefined) request.output_config = { effort: config.effort };
  return request;
}

/**
 * The `thinking` parameter for a (validated) setting. Adaptive asks for summarized display:
 * on the 5.x models the text between tool calls arrives in thinking blocks, which are empty
 * under the default `omitted` display, so a front end would go quiet between tool calls.
 */
export function thinkingParam(setting: ThinkingSetting): RequestThinking {
  switch (setting.mode) {
    case 'adaptive':
      return { type: 'adaptive', display: 'summarized' };
    case 'between_tools':
      return { type: 'between_tools' };
    case 'off':
      return { type: 'disabled' };
    case 'budget':
      return { type: 'enabled', budget_tokens: setting.budgetTokens };
  }
}

export interface SendOptions {
  /** Forward text/thinking deltas as events (false for the summarisation request). */
  streamDeltas: boolean;
}

/**
 * Sends `messages` (retrying as configured) and accounts the usage of the reply in `state`.
 * Returns the final read result: ok, or the last failure (aborted, not retryable, or out of attempts).
 */
export async function sendWithRetry(
  config: AgentConfig,
  state: AgentState,
  messages: readonly Message[],
  signal: AbortSignal,
  emit: Emit,
  opts: SendOptions,
): Promise<ReadResult> {
  const request = buildRequest(config, messages, state.previousEnd);
  const plan = config.retry;
  for (let attempt = 1; ; attempt++) {
    let streamed = false;
    const result = await readStream(config.client.stream(request, signal), (event) => {
      streamed = true;
      if (opts.streamDeltas) emit(event);
    });
    // What the reader skipped (an unknown block or event type...) is said once per reason, outside
    // the delta callback so it never counts as streamed text.
    for (const message of result.notices) emit({ type: 'notice', message });
    if (result.ok) {
      account(config, state, result.usage, emit);
      state.previousEnd = endPosition(messages);
      return result;
    }
    if (signal.aborted || result.error.kind === 'aborted')
      return { ...result, error: { kind: 'aborted', message: 'aborted by the user' } };
    if (!isRetryable(result.error) || attempt >= plan.maxAttempts) return result;
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

function account(config: AgentConfig, state: AgentState, usage: ReadResult['usage'], emit: Emit): void {
  const costUsd = estimateCostUsd(config.model, usage);
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
