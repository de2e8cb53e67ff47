/**
 * Runs compaction when the last request's input passed `compactionThreshold × contextWindow` (or
 * on `/compact`): the `beforeCompact` hooks (block, focus), then the provider's compaction where
 * the model supports it (server-compaction.ts), else one summarisation request; the
 * `afterCompact` hooks' texts put back after the summary (a plugin re-attaches what it stored:
 * nothing is run again), the transcript replaced (in memory and in the session file), and a
 * `compaction` event. A failed summary leaves the transcript as it was and says so.
 */
import {
  compactedMessages,
  estimateAfter,
  splitForCompaction,
  summaryRequestMessages,
  summaryText,
} from './compaction.js';
import type { Message } from '@coding-harness/model';
import { buildRequest, sendWithRetry } from './request.js';
import { compactContext } from './hook-context.js';
import type { CompactContext } from './hooks.js';
import { countableMessages, tokensNow } from './context-tokens.js';
import { serverCompact } from './server-compaction.js';
import { restatedToolChanges } from './tool-additions.js';
import type { AgentConfig, AgentState, Emit } from './state.js';

/** True when the last request's input exceeded the threshold. */
export function needsCompaction(config: AgentConfig, state: AgentState): boolean {
  return state.lastInputTokens > config.compactionThreshold * config.contextWindow;
}

/** Compacts when needed; a no-op otherwise. */
export async function maybeCompact(
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
): Promise<void> {
  if (!needsCompaction(config, state)) return;
  await compact(config, state, signal, emit, undefined, 'threshold');
}

/**
 * Compacts now (the threshold's trigger, or `/compact [focus]` between turns). `focus` is added
 * to the summary instruction (what the summary should keep in detail). True when the transcript
 * was replaced; false when there was nothing older to summarise, or the summary failed (said in
 * a notice, the transcript unchanged).
 */
export async function compact(
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
  asked?: string,
  reason: CompactContext['reason'] = 'manual',
): Promise<boolean> {
  let focus = asked;
  if (!config.hooks.empty) {
    const gate = await config.hooks.beforeCompact(compactContext(state, signal, emit, reason, asked));
    if ('block' in gate) {
      emit({ type: 'notice', message: `compaction skipped: ${gate.block}` });
      return false;
    }
    focus = gate.focus;
  }
  const reattach = async () =>
    config.hooks.empty ? [] : await config.hooks.afterCompact(compactContext(state, signal, emit, reason, focus));
  if (config.descriptor.capabilities.serverCompaction) {
    const done = await serverCompact(config, state, signal, emit, {
      reattach,
      ...(focus !== undefined ? { focus } : {}),
    });
    if (done !== 'unavailable') return done;
  }
  const { head, tail } = splitForCompaction(state.messages);
  if (head.length === 0) return false;
  // A resumed session has made no request yet: its last count is 0, so count now.
  const tokensBefore =
    state.lastInputTokens > 0 ? state.lastInputTokens : await tokensNow(config, state.messages, signal);
  const request = withFocus(summaryRequestMessages(head), focus);
  const reply = await sendWithRetry(config, state, request, signal, emit, { streamDeltas: false });
  if (!reply.ok) {
    if (reply.error.kind !== 'aborted')
      emit({ type: 'notice', message: `compaction failed, continuing without it: ${reply.error.message}` });
    return false;
  }
  const summary = summaryText(reply.message);
  if (summary.trim() === '') {
    emit({ type: 'notice', message: 'compaction skipped: the model returned an empty summary' });
    return false;
  }
  const extra = await reattach();
  const before = state.messages;
  // Tool changes inside the summarized range stop applying: stated again after the kept turns.
  const restated = restatedToolChanges(head, config.tools);
  const after = [
    ...compactedMessages(
      summary,
      extra.map((r) => r.text),
      tail,
    ),
    ...(restated ? [restated] : []),
  ];
  state.messages = after;
  state.previousEnd = undefined;
  state.persist({ type: 'compaction', messages: after });
  const tokensAfter = await countAfter(config, state, signal, tokensBefore, before);
  state.lastInputTokens = tokensAfter;
  emit({
    type: 'compaction',
    tokensBefore,
    tokensAfter,
    reattachedSkills: extra.map((r) => r.label),
  });
  return true;
}

/** The summary request with the user's focus (`/compact <focus>`) appended to its final instruction. */
function withFocus(messages: Message[], focus: string | undefined): Message[] {
  const last = messages.at(-1);
  if (focus === undefined || focus.trim() === '' || !last) return messages;
  const text = `Focus the summary on: ${focus.trim()}`;
  return [...messages.slice(0, -1), { ...last, content: [...last.content, { type: 'text', text }] }];
}

async function countAfter(
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  tokensBefore: number,
  before: AgentState['messages'],
): Promise<number> {
  if (config.provider.countTokens) {
    // Effort changes no input token; counting takes only what shapes the prompt.
    const { maxTokens: _m, effort: _e, ...request } = buildRequest(config, countableMessages(state.messages));
    const counted = await config.provider.countTokens(request, signal).catch(() => undefined);
    if (counted !== undefined) return counted;
  }
  const fixed = JSON.stringify(config.system).length + JSON.stringify(config.tools).length;
  return estimateAfter(tokensBefore, before, state.messages, fixed);
}
