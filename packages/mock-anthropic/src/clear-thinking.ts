/**
 * Context editing's thinking clearing (`clear_thinking_20251015`, beta
 * `context-management-2025-06-27`; platform docs, build-with-claude/context-editing): thinking
 * blocks of earlier assistant turns are dropped before the prompt reaches the model, keeping
 * those of the newest `keep` turns (`{type: "thinking_turns", value: N}`, default 1) or all of
 * them (`"all"`, which keeps the cache). The docs require it first in `edits` when combined with
 * other strategies. The mock counts each assistant message holding thinking as one turn.
 */
import { blockTokens, isRecord } from './tokens.js';

export interface ClearThinking {
  type: 'clear_thinking_20251015';
  /** Turns whose thinking stays; Infinity for "all". */
  keep: number;
}

/** What one applied thinking clearing reports. */
export interface AppliedThinkingEdit {
  type: 'clear_thinking_20251015';
  cleared_thinking_turns: number;
  cleared_input_tokens: number;
}

const isThinking = (b: unknown): boolean => isRecord(b) && (b.type === 'thinking' || b.type === 'redacted_thinking');

/** Reads one `clear_thinking_20251015` edit, or says what is wrong with it. */
export function readClearThinking(
  e: Record<string, unknown>,
  at: string,
): { value: ClearThinking } | { error: string } {
  for (const key of Object.keys(e))
    if (key !== 'type' && key !== 'keep') return { error: `${at}.${key}: Extra inputs are not permitted` };
  const keep = e.keep;
  if (keep === undefined || keep === null) return { value: { type: 'clear_thinking_20251015', keep: 1 } };
  if (keep === 'all') return { value: { type: 'clear_thinking_20251015', keep: Number.POSITIVE_INFINITY } };
  if (isRecord(keep) && keep.type === 'thinking_turns' && Number.isInteger(keep.value) && (keep.value as number) >= 1)
    return { value: { type: 'clear_thinking_20251015', keep: keep.value as number } };
  return { error: `${at}.keep: Input should be 'all' or {type: 'thinking_turns', value: integer >= 1}` };
}

/** Drops the thinking of all but the newest `keep` thinking turns from `messages` (copies, in place). */
export function clearThinking(messages: unknown[], edit: ClearThinking): AppliedThinkingEdit | undefined {
  const turns = messages.flatMap((m, i) =>
    isRecord(m) && m.role === 'assistant' && Array.isArray(m.content) && m.content.some(isThinking) ? [i] : [],
  );
  const cleared = turns.slice(0, Math.max(0, turns.length - edit.keep));
  if (cleared.length === 0) return undefined;
  let tokens = 0;
  for (const i of cleared) {
    const m = messages[i] as { content: unknown[] };
    tokens += m.content.filter(isThinking).reduce<number>((sum, b) => sum + blockTokens(b), 0);
    messages[i] = { ...m, content: m.content.filter((b) => !isThinking(b)) };
  }
  return { type: 'clear_thinking_20251015', cleared_thinking_turns: cleared.length, cleared_input_tokens: tokens };
}
