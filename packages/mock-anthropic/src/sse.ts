import type { ReplyBlock, ReplyMessage } from './reply.js';
import { PARTIAL_INPUT } from './reply.js';

/** One server-sent event: its name and JSON payload. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Serializes one event the way the real API does: `event: x\ndata: {...}\n\n`. */
export function formatSse(e: SseEvent): string {
  return `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

/**
 * The real streaming event sequence for a reply: message_start (input usage, output_tokens 1),
 * ping, per block start / deltas / stop, message_delta (stop reason, stop_details, final
 * usage), message_stop. Text and tool input JSON are split into several chunks (a tool call cut
 * by max_tokens streams only the part of its JSON that fit). A thinking
 * block starts empty, streams `thinking_delta`s only when its text is shown (display
 * `summarized`, or an update under `updates`), then one `signature_delta`. A redacted_thinking
 * block, or one of a type the mock does not model, arrives whole in its `content_block_start`.
 * `unknownEvent` adds an event of that name after `ping`.
 */
export function streamEvents(reply: ReplyMessage, unknownEvent?: string): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown>): void => {
    events.push({ event, data: { type: event, ...data } });
  };
  const { input_transformations: _sentInBody, ...message } = reply;
  push('message_start', {
    message: {
      ...message,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      usage: { ...reply.usage, output_tokens: 1 },
    },
  });
  push('ping', {});
  if (unknownEvent) push(unknownEvent, { note: 'an event type this client does not know' });
  reply.content.forEach((block, index) => {
    push('content_block_start', { index, content_block: emptyBlock(block) });
    for (const delta of blockDeltas(block)) push('content_block_delta', { index, delta });
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: reply.stop_reason, stop_sequence: null, stop_details: reply.stop_details },
    usage: reply.usage,
    ...(reply.context_management ? { context_management: reply.context_management } : {}),
  });
  push('message_stop', {});
  return events;
}

function emptyBlock(block: ReplyBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return Array.isArray(block.citations) ? { type: 'text', text: '', citations: [] } : { type: 'text', text: '' };
    case 'server_tool_use':
      return { ...block, input: {} };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
    default:
      return block;
  }
}

function blockDeltas(block: ReplyBlock): Record<string, unknown>[] {
  switch (block.type) {
    case 'text':
      return [
        ...(Array.isArray(block.citations) ? block.citations : []).map((citation) => ({
          type: 'citations_delta',
          citation,
        })),
        ...splitChunks(String(block.text)).map((text) => ({ type: 'text_delta', text })),
      ];
    case 'server_tool_use':
      return splitChunks(JSON.stringify(block.input)).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    case 'thinking':
      return [
        ...splitChunks(String(block.thinking)).map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'tool_use':
      return splitChunks(PARTIAL_INPUT.get(block) ?? JSON.stringify(block.input)).map((partial_json) => ({
        type: 'input_json_delta',
        partial_json,
      }));
    default:
      return [];
  }
}

/**
 * Splits text into several chunks (at least 2 when it has 2+ characters, at most 64 characters
 * each), never inside a surrogate pair.
 */
export function splitChunks(text: string): string[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [];
  const size = Math.max(1, Math.min(64, Math.floor(chars.length / 3)));
  const chunks: string[] = [];
  for (let i = 0; i < chars.length; i += size) chunks.push(chars.slice(i, i + size).join(''));
  return chunks;
}
