/**
 * Compaction by the provider (where the descriptor says `serverCompaction`): the provider writes
 * the summary of the older turns, and the conversation goes on from its signed summary block
 * followed by the turns kept word for word. The older turns are exactly the messages of the last
 * request made (everything before the last assistant reply), the simplest shape the Messages API
 * keeps the kept turns' thinking valid for; the signed block goes first in the kept reply: they directly follow the summarized messages, and the
 * session's system prompt and tools never change (platform docs, build-with-claude/compaction,
 * "Continue from the summary"). What the `afterCompact` hooks re-attach (the skills invoked so
 * far) goes into the newest user message, which has not been sent yet, so nothing sent is edited. When the provider returns no summary,
 * the caller falls back to the harness's own (compaction.ts).
 */
import type { Message, Part, ProviderPart } from '@coding-harness/model';
import { SUMMARY_INSTRUCTION } from './compaction.js';
import type { Reattached } from './hooks.js';
import { tokensNow } from './context-tokens.js';
import { sendWithRetry } from './request.js';
import type { AgentConfig, AgentState, Emit } from './state.js';
import { startsWithSummary } from './transcript.js';
import { restatedToolChanges } from './tool-additions.js';

/** The older turns to summarize and the turns kept after the summary; undefined when nothing can be summarized. */
export function splitForServerCompaction(
  messages: readonly Message[],
): { head: Message[]; tail: Message[] } | undefined {
  let cut = messages.length - 1;
  while (cut >= 0 && messages[cut]!.role !== 'assistant') cut--;
  const head = messages.slice(0, Math.max(cut, 0));
  const last = head.at(-1);
  // The head must hold a user turn and end after it (a request is never made ending in an assistant reply).
  if (!last || last.role === 'assistant' || !head.some((m) => m.role === 'user')) return undefined;
  if (head.length === 1 && startsWithSummary(head[0])) return undefined;
  return { head, tail: messages.slice(cut) };
}

/** The hooks' re-attached texts appended to the newest user message of the kept turns (never sent yet). */
function withReattached(tail: readonly Message[], extra: readonly Reattached[]): Message[] {
  if (extra.length === 0) return [...tail];
  const texts: Part[] = extra.map((r) => ({ type: 'text', text: r.text }));
  const out = [...tail];
  for (let i = out.length - 1; i > 0; i--) {
    const m = out[i]!;
    if (m.role !== 'user') continue;
    out[i] = { role: 'user', content: [...m.content, ...texts] };
    return out;
  }
  return out;
}

export interface ServerCompactOptions {
  focus?: string;
  /** The `afterCompact` hooks' texts (a plugin re-attaches what it stored; compactor.ts). */
  reattach: () => Promise<readonly Reattached[]>;
}

/**
 * Compacts through the provider. True when the transcript was replaced; false when there was
 * nothing to summarize or the user aborted; `unavailable` when the provider wrote no summary (the
 * caller then writes its own).
 */
export async function serverCompact(
  config: AgentConfig,
  state: AgentState,
  signal: AbortSignal,
  emit: Emit,
  opts: ServerCompactOptions,
): Promise<boolean | 'unavailable'> {
  const split = splitForServerCompaction(state.messages);
  if (!split) return false;
  const tokensBefore =
    state.lastInputTokens > 0 ? state.lastInputTokens : await tokensNow(config, state.messages, signal);
  const focus = opts.focus?.trim();
  const instructions = focus ? `${SUMMARY_INSTRUCTION} Focus the summary on: ${focus}` : undefined;
  const reply = await sendWithRetry(config, state, split.head, signal, emit, {
    streamDeltas: false,
    compaction: instructions !== undefined ? { instructions } : {},
  });
  if (!reply.ok) {
    if (reply.error.kind === 'aborted') return false;
    emit({
      type: 'notice',
      message: `the API's compaction failed (${reply.error.message}); the harness writes the summary itself`,
    });
    return 'unavailable';
  }
  const block = reply.message.content.find(
    (p): p is ProviderPart => p.type === 'provider' && p.kind === 'compaction' && (p.text ?? '').trim() !== '',
  );
  if (reply.stopReason !== 'compaction' || !block) {
    emit({
      type: 'notice',
      message: `the API returned no summary (stop reason ${reply.stopReason ?? 'none'}); the harness writes the summary itself`,
    });
    return 'unavailable';
  }
  const extra = await opts.reattach();
  // The block goes first, as the first part of the kept reply (the docs allow either form; one
  // message keeps the session file's records, which merge same-role neighbours, byte-stable).
  const [kept, ...rest] = withReattached(split.tail, extra);
  // Tool changes inside the summarized range stop applying: stated again after the kept turns.
  const restated = restatedToolChanges(split.head, config.tools);
  const after: Message[] = [
    { role: 'assistant', content: [block, ...kept!.content] },
    ...rest,
    ...(restated ? [restated] : []),
  ];
  state.messages = after;
  state.previousEnd = undefined;
  state.persist({ type: 'compaction', messages: after });
  const tokensAfter = await tokensNow(config, after, signal);
  state.lastInputTokens = tokensAfter;
  emit({ type: 'compaction', tokensBefore, tokensAfter, reattachedSkills: extra.map((r) => r.label) });
  return true;
}
