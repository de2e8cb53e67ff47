/**
 * `--include-partial-messages`: Claude Code's `stream_event` lines (`{ type: 'stream_event',
 * event, parent_tool_use_id, uuid, session_id }`), each `event` one of the Messages API's stream
 * events, rebuilt from the session's own events as the reply streams: `message_start` with the
 * first delta of a request, `content_block_start` / `content_block_delta` (`text_delta`,
 * `thinking_delta`) / `content_block_stop` as text and thinking arrive, then at the reply's end
 * its other blocks (a tool call's input as one `input_json_delta`: the session does not stream
 * tool input), `message_delta` (stop reason, output tokens) and `message_stop`. A subagent's
 * deltas are its own thread's and are left out, as its messages are.
 */
import type { Part } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import { claudeBlocks } from './claude-content.js';
import { randomUuid } from './shapes.js';

/** One `stream_event` line. */
export interface ClaudeStreamEvent {
  type: 'stream_event';
  event: Record<string, unknown>;
  parent_tool_use_id: null;
  uuid: string;
  session_id: string;
}

export interface PartialStream {
  /** The lines one session event adds (none for most). */
  add(event: SessionEvent): ClaudeStreamEvent[];
}

type Open = { kind: 'text' | 'thinking'; index: number };

/** The stream of session `sessionId` on `model`. */
export function createPartialStream(sessionId: string, model: string): PartialStream {
  let started = false;
  let open: Open | undefined;
  let next = 0;
  let output = 0;
  const line = (event: Record<string, unknown>): ClaudeStreamEvent => ({
    type: 'stream_event',
    event,
    parent_tool_use_id: null,
    uuid: randomUuid(),
    session_id: sessionId,
  });
  const start = (out: ClaudeStreamEvent[]): void => {
    if (started) return;
    started = true;
    out.push(
      line({
        type: 'message_start',
        message: {
          id: `msg_${randomUuid().replace(/-/g, '')}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      }),
    );
  };
  const close = (out: ClaudeStreamEvent[]): void => {
    if (open === undefined) return;
    out.push(line({ type: 'content_block_stop', index: open.index }));
    open = undefined;
  };
  const delta = (kind: Open['kind'], text: string): ClaudeStreamEvent[] => {
    const out: ClaudeStreamEvent[] = [];
    start(out);
    if (open?.kind !== kind) {
      close(out);
      open = { kind, index: next++ };
      const block = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
      out.push(line({ type: 'content_block_start', index: open.index, content_block: block }));
    }
    const d = kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text };
    out.push(line({ type: 'content_block_delta', index: open.index, delta: d }));
    return out;
  };
  /** The reply's blocks that were not streamed as text or thinking (tool calls, server tools), whole. */
  const rest = (parts: readonly Part[], out: ClaudeStreamEvent[]): void => {
    for (const part of parts) {
      if (part.type === 'text' || part.type === 'thinking') continue;
      for (const block of claudeBlocks(part) as Record<string, unknown>[]) {
        const index = next++;
        if (block.type === 'tool_use' || block.type === 'server_tool_use') {
          out.push(line({ type: 'content_block_start', index, content_block: { ...block, input: {} } }));
          out.push(
            line({
              type: 'content_block_delta',
              index,
              delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input ?? {}) },
            }),
          );
        } else out.push(line({ type: 'content_block_start', index, content_block: block }));
        out.push(line({ type: 'content_block_stop', index }));
      }
    }
  };
  return {
    add(event) {
      if (event.threadId !== undefined) return [];
      switch (event.type) {
        case 'request_start':
          started = false;
          open = undefined;
          next = 0;
          return [];
        case 'usage':
          output = event.usage.output;
          return [];
        case 'text_delta':
          return event.text === '' ? [] : delta('text', event.text);
        case 'thinking_delta':
          return event.text === '' ? [] : delta('thinking', event.text);
        case 'message_end': {
          if (event.message.role !== 'assistant') return [];
          const out: ClaudeStreamEvent[] = [];
          start(out);
          close(out);
          rest(event.message.content, out);
          out.push(
            line({
              type: 'message_delta',
              delta: { stop_reason: event.stopReason ?? null, stop_sequence: null },
              usage: { output_tokens: output },
            }),
          );
          out.push(line({ type: 'message_stop' }));
          started = false;
          next = 0;
          output = 0;
          return out;
        }
        default:
          return [];
      }
    },
  };
}
