/**
 * Prompt-cache hints: where each request's cacheable prefixes end, in neutral positions. The
 * system prompt, the tools, the last part of the newest message and, when it is still in the
 * request, the part that ended the previous request, so the whole previous request is a cache
 * hit even when a turn added more than a provider's lookback (the Messages API looks 20 blocks
 * back). Four breakpoints at most. The provider places its markers from these (the Anthropic
 * one puts `cache_control` on copies of the blocks); the transcript itself is never marked.
 */
import type { CacheHints, Message, PartPosition } from '@coding-harness/model';

/** The hints for a request sending `messages`, after a previous request that ended at `previousEnd`. */
export function cacheHints(messages: readonly Message[], previousEnd?: PartPosition): CacheHints {
  const newest = endPosition(messages);
  const previous =
    previousEnd && messages[previousEnd.message]?.content[previousEnd.part] !== undefined ? previousEnd : undefined;
  const positions: PartPosition[] = [];
  if (previous && !(newest && previous.message === newest.message && previous.part === newest.part))
    positions.push(previous);
  if (newest) positions.push(newest);
  return { system: true, tools: true, messages: positions };
}

/** The position of the last part of the newest message (what the next request passes as `previousEnd`). */
export function endPosition(messages: readonly Message[]): PartPosition | undefined {
  const last = messages.length - 1;
  const m = messages[last];
  return m && m.content.length > 0 ? { message: last, part: m.content.length - 1 } : undefined;
}
