/**
 * Prompt-cache hints: where each request's cacheable prefixes end, in neutral positions. The
 * system prompt, the tools, the last part of the newest message and, when it is still in the
 * request, the part that ended the previous request, so the whole previous request is a cache
 * hit even when a turn added more than a provider's lookback (the Messages API looks 20 blocks
 * back). Four breakpoints at most. The provider places its markers from these (the Anthropic
 * one puts `cache_control` on copies of the blocks); the transcript itself is never marked.
 *
 * A mid-conversation `role: "system"` message never carries a breakpoint: the newest message's
 * mark goes on the last non-system message before it, as Claude Code does and as the docs ask for
 * turn-scoped system messages (docs/2026-12-01-cache-breakpoints.md). The system prompt's and
 * tools' breakpoints take the session's TTL (`1h` where a person's pauses outlast 5 minutes);
 * message breakpoints keep the short one, so the longer entries come first, as the API requires.
 */
import type { CacheHints, CacheTtl, Message, PartPosition } from '@coding-harness/model';

/** The hints for a request sending `messages`, after a previous request that ended at `previousEnd`. */
export function cacheHints(messages: readonly Message[], previousEnd?: PartPosition, ttl?: CacheTtl): CacheHints {
  const newest = endPosition(messages);
  const previous =
    previousEnd && messages[previousEnd.message]?.content[previousEnd.part] !== undefined ? previousEnd : undefined;
  const positions: PartPosition[] = [];
  if (previous && !(newest && previous.message === newest.message && previous.part === newest.part))
    positions.push(previous);
  if (newest) positions.push(newest);
  return { system: true, tools: true, messages: positions, ...(ttl === '1h' ? { ttl } : {}) };
}

/**
 * The position of the last part of the newest message that is not a `role: "system"` message
 * (what the next request passes as `previousEnd`).
 */
export function endPosition(messages: readonly Message[]): PartPosition | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'system') continue;
    return m.content.length > 0 ? { message: i, part: m.content.length - 1 } : undefined;
  }
  return undefined;
}
