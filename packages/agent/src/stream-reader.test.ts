import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import type { ModelStreamEvent } from './model-client.js';
import { readStream } from './stream-reader.js';

async function* events(list: ModelStreamEvent[]): AsyncIterable<ModelStreamEvent> {
  for (const e of list) yield e;
}

const start: ModelStreamEvent = { type: 'message_start', message: { usage: { input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 5, cache_creation_input_tokens: 2 } } };

describe('readStream (an injected client, without the SDK)', () => {
  it('assembles thinking with its signature, text and tool input from deltas, and reports usage', async () => {
    const seen: AgentEvent[] = [];
    const result = await readStream(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'let me see' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Reading.' } },
        { type: 'content_block_stop', index: 1 },
        { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} } },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"path":' } },
        { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"a.txt"}' } },
        { type: 'content_block_stop', index: 2 },
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 30 } },
        { type: 'message_stop' },
      ]),
      (e) => seen.push(e),
    );
    expect(result).toEqual({
      ok: true,
      stopReason: 'tool_use',
      usage: { input: 10, output: 30, cacheRead: 5, cacheWrite: 2 },
      truncatedToolUses: [],
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'let me see', signature: 'sig' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
        ],
      },
    });
    expect(seen).toEqual([
      { type: 'thinking_delta', text: 'let me see' },
      { type: 'text_delta', text: 'Reading.' },
    ]);
  });

  it('marks a tool_use whose input JSON was cut by max_tokens, with an empty input', async () => {
    const result = await readStream(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_2', name: 'write_file', input: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"path":"a","content":"unterm' } },
        { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 8192 } },
        { type: 'message_stop' },
      ]),
      () => undefined,
    );
    expect(result).toMatchObject({ ok: true, stopReason: 'max_tokens', truncatedToolUses: ['toolu_2'] });
    expect(result.ok && result.message.content[0]).toEqual({ type: 'tool_use', id: 'toolu_2', name: 'write_file', input: {} });
  });

  it('a stream that ends without message_stop is a connection failure keeping only finished blocks', async () => {
    const result = await readStream(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'done' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'half' } },
      ]),
      () => undefined,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'connection' }, completed: [{ type: 'text', text: 'done' }] });
  });

  it('passes an error event through as the failure', async () => {
    const result = await readStream(events([{ type: 'error', error: { kind: 'client', status: 400, message: 'bad request' } }]), () => undefined);
    expect(result).toMatchObject({ ok: false, error: { kind: 'client', status: 400 } });
  });
});
