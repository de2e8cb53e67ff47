/**
 * Prompt-cache breakpoints. The transcript is never marked; each request gets copies with
 * `cache_control` on the last system block, the last tool, the last block of the newest message
 * and, when it is still in the request, the block that ended the previous request, so the whole
 * previous request is a cache hit even when a turn added more than the API's 20-block lookback.
 * At most 4 breakpoints are sent.
 */
import type { Message, SystemBlock } from './messages.js';
import type { RequestMessage, RequestTool } from './model-types.js';
import type { ToolDefinition } from '@coding-harness/tools';

const EPHEMERAL = { type: 'ephemeral' } as const;

/** Where the previous request's last breakpoint sat: message index and block index. */
export interface BlockPosition {
  message: number;
  block: number;
}

/** The system blocks with a breakpoint on the last one (copies). */
export function markSystem(blocks: readonly SystemBlock[]): SystemBlock[] {
  return blocks.map((b, i) =>
    i === blocks.length - 1 ? { type: 'text', text: b.text, cache_control: EPHEMERAL } : { type: 'text', text: b.text },
  );
}

/** The tool definitions with a breakpoint on the last one (copies). */
export function markTools(defs: readonly ToolDefinition[]): RequestTool[] {
  return defs.map((d, i) => (i === defs.length - 1 ? { ...d, cache_control: EPHEMERAL } : { ...d }));
}

/**
 * The messages to send, the newest message's last block marked and, when given and different,
 * the block at `previousEnd`. Marked messages are shallow copies; the others are the stored
 * objects themselves (so their JSON can be reused across requests). Stored messages are not modified.
 */
export function markMessages(messages: readonly Message[], previousEnd?: BlockPosition): RequestMessage[] {
  const newest = endPosition(messages);
  const previous = previousEnd && messages[previousEnd.message]?.content[previousEnd.block] ? previousEnd : undefined;
  const marked = (mi: number, bi: number): boolean =>
    (newest?.message === mi && newest.block === bi) || (previous?.message === mi && previous.block === bi);
  return messages.map((m, mi) =>
    mi !== newest?.message && mi !== previous?.message && isPlain(m)
      ? m
      : { role: m.role, content: m.content.map((b, bi) => (marked(mi, bi) ? { ...b, cache_control: EPHEMERAL } : b)) },
  );
}

/** True when `m` serialises exactly like its `{ role, content }` copy, so it can be sent as it is. */
function isPlain(m: Message): boolean {
  let keys = 0;
  for (const key in m) {
    if (keys === 0 ? key !== 'role' : keys === 1 ? key !== 'content' : true) return false;
    keys++;
  }
  return keys === 2;
}

/** The position of the last block of the newest message (what the next request passes as `previousEnd`). */
export function endPosition(messages: readonly Message[]): BlockPosition | undefined {
  const last = messages.length - 1;
  const m = messages[last];
  return m && m.content.length > 0 ? { message: last, block: m.content.length - 1 } : undefined;
}
