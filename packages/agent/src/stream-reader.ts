/**
 * Reads one streamed reply into an assistant message. Deltas are forwarded as events while
 * they arrive; the message is only returned once `message_stop` was seen, so a cut stream never
 * leaves partial content in the transcript (the caller retries or keeps `completed`).
 */
import type { AgentEvent, Usage } from './events.js';
import type { ContentBlock, Message } from './messages.js';
import type { ModelError, ModelStreamEvent } from './model-types.js';
import { emptyUsage, mergeApiUsage } from './usage.js';

export type ReadResult =
  | {
      ok: true;
      message: Message;
      stopReason: string | null;
      usage: Usage;
      /** tool_use ids whose input was cut by `max_tokens` (their input in `message` is `{}`). */
      truncatedToolUses: string[];
    }
  /** `completed`: the blocks that finished before the failure (used when the user aborted). */
  | { ok: false; error: ModelError; completed: ContentBlock[]; usage: Usage };

interface Pending {
  block: ContentBlock;
  json: string;
  done: boolean;
}

/** Consumes `stream` to its end; never throws for stream failures (they arrive as `error` events). */
export async function readStream(stream: AsyncIterable<ModelStreamEvent>, emit: (event: AgentEvent) => void): Promise<ReadResult> {
  const blocks = new Map<number, Pending>();
  let usage = emptyUsage();
  let stopReason: string | null = null;
  let stopped = false;
  const completed = (): ContentBlock[] =>
    [...blocks.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, p]): ContentBlock[] => {
        if (!p.done) return [];
        if (p.block.type === 'thinking' && p.block.signature === '') return [];
        if (p.block.type !== 'tool_use') return [p.block];
        const parsed = parseInput(p.json, p.block.input);
        return parsed.ok ? [{ ...p.block, input: parsed.value }] : [];
      });
  try {
    for await (const event of stream) {
      switch (event.type) {
        case 'message_start':
          usage = mergeApiUsage(usage, event.message.usage);
          break;
        case 'content_block_start':
          blocks.set(event.index, { block: startBlock(event.content_block), json: '', done: false });
          break;
        case 'content_block_delta': {
          const p = blocks.get(event.index);
          if (!p) break;
          const d = event.delta;
          if (d.type === 'text_delta' && p.block.type === 'text') {
            p.block.text += d.text;
            emit({ type: 'text_delta', text: d.text });
          } else if (d.type === 'thinking_delta' && p.block.type === 'thinking') {
            p.block.thinking += d.thinking;
            emit({ type: 'thinking_delta', text: d.thinking });
          } else if (d.type === 'signature_delta' && p.block.type === 'thinking') p.block.signature += d.signature;
          else if (d.type === 'input_json_delta') p.json += d.partial_json;
          break;
        }
        case 'content_block_stop': {
          const p = blocks.get(event.index);
          if (p) p.done = true;
          break;
        }
        case 'message_delta':
          stopReason = event.delta.stop_reason ?? stopReason;
          usage = mergeApiUsage(usage, event.usage);
          break;
        case 'message_stop':
          stopped = true;
          break;
        case 'error':
          return { ok: false, error: event.error, completed: completed(), usage };
      }
    }
  } catch (err) {
    return { ok: false, error: { kind: 'connection', message: err instanceof Error ? err.message : String(err) }, completed: completed(), usage };
  }
  if (!stopped) return { ok: false, error: { kind: 'connection', message: 'the stream ended before message_stop' }, completed: completed(), usage };
  return finish([...blocks.entries()].sort(([a], [b]) => a - b).map(([, p]) => p), stopReason, usage);
}

function finish(pending: Pending[], stopReason: string | null, usage: Usage): ReadResult {
  const truncated: string[] = [];
  const content: ContentBlock[] = [];
  pending.forEach((p, i) => {
    const b = p.block;
    if (b.type !== 'tool_use') {
      content.push(b);
      return;
    }
    const parsed = parseInput(p.json, b.input);
    const cut = !p.done || !parsed.ok || (stopReason === 'max_tokens' && i === pending.length - 1);
    if (cut) truncated.push(b.id);
    content.push({ ...b, input: cut || !parsed.ok ? {} : parsed.value });
  });
  return { ok: true, message: { role: 'assistant', content }, stopReason, usage, truncatedToolUses: truncated };
}

function startBlock(cb: Extract<ModelStreamEvent, { type: 'content_block_start' }>['content_block']): ContentBlock {
  switch (cb.type) {
    case 'text':
      return { type: 'text', text: cb.text ?? '' };
    case 'thinking':
      return { type: 'thinking', thinking: cb.thinking ?? '', signature: cb.signature ?? '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: cb.data };
    case 'tool_use':
      return { type: 'tool_use', id: cb.id, name: cb.name, input: cb.input ?? {} };
  }
}

function parseInput(json: string, initial: unknown): { ok: true; value: unknown } | { ok: false } {
  if (json.trim() === '') return { ok: true, value: initial ?? {} };
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}
