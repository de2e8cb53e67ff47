import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from './server.js';
import { startMockServer } from './server.js';
import type { ScriptTurn } from './types.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(turns: ScriptTurn[]): Promise<Anthropic> {
  server = await startMockServer({ script: turns });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

const params = {
  model: 'claude-opus-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: 'hello there' }],
};
const longText = 'The quick brown fox jumps over the lazy dog. '.repeat(4).trim();

describe('POST /v1/messages with stream: true', () => {
  it('sends the real event sequence, text split over several deltas', async () => {
    const client = await start([{ content: [{ type: 'text', text: longText }] }]);
    const stream = await client.messages.create({ ...params, stream: true });
    const events: Anthropic.MessageStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const types = events.map((e) => e.type);
    const deltas = events.filter((e) => e.type === 'content_block_delta');
    expect(types[0]).toBe('message_start');
    expect(types.slice(1, 2)).toEqual(['content_block_start']);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(types.slice(2, -3).every((t) => t === 'content_block_delta')).toBe(true);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.map((d) => (d.delta.type === 'text_delta' ? d.delta.text : '')).join('')).toBe(longText);

    const first = events[0];
    if (first?.type !== 'message_start') throw new Error('no message_start');
    expect(first.message).toMatchObject({
      model: 'claude-opus-5-5',
      content: [],
      stop_reason: null,
      role: 'assistant',
    });
    expect(first.message.usage).toMatchObject({
      input_tokens: 3,
      output_tokens: 1,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    const delta = events.at(-2);
    if (delta?.type !== 'message_delta') throw new Error('no message_delta');
    expect(delta.delta.stop_reason).toBe('end_turn');
    expect(delta.usage.output_tokens).toBe(Math.ceil(longText.length / 4));
  });

  it('sends a ping after message_start on the wire', async () => {
    await start([{ content: [{ type: 'text', text: 'hi' }] }]);
    const res = await fetch(`${server!.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'test', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...params, stream: true }),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const names = [...text.matchAll(/^event: (\w+)\ndata: (\{.*\})\n\n/gm)].map((m) => {
      expect(JSON.parse(m[2]!).type).toBe(m[1]);
      return m[1];
    });
    expect(names).toEqual([
      'message_start',
      'ping',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('assembles the final message with messages.stream() and finalMessage()', async () => {
    const client = await start([
      {
        content: [
          { type: 'thinking', thinking: 'Considering the options carefully.' },
          { type: 'text', text: longText },
        ],
      },
    ]);
    const stream = client.messages.stream({ ...params, thinking: { type: 'adaptive', display: 'summarized' } });
    const texts: string[] = [];
    stream.on('text', (t) => texts.push(t));
    const message = await stream.finalMessage();
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts.join('')).toBe(longText);
    expect(message.content[0]).toMatchObject({
      type: 'thinking',
      thinking: 'Considering the options carefully.',
      signature: expect.stringMatching(/.{10,}/),
    });
    expect(message.content[1]).toMatchObject({ type: 'text', text: longText });
    expect(message.model).toBe('claude-opus-5-5');
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBe(
      Math.ceil('Considering the options carefully.'.length / 4) + Math.ceil(longText.length / 4),
    );
  });

  it('streams thinking as thinking_delta chunks then one signature_delta under display summarized', async () => {
    const client = await start([{ content: [{ type: 'thinking', thinking: 'Step one, step two, step three.' }] }]);
    const stream = await client.messages.create({
      ...params,
      thinking: { type: 'adaptive', display: 'summarized' },
      stream: true,
    });
    const deltas: string[] = [];
    for await (const e of stream) if (e.type === 'content_block_delta') deltas.push(e.delta.type);
    expect(deltas.length).toBeGreaterThanOrEqual(3);
    expect(deltas.at(-1)).toBe('signature_delta');
    expect(deltas.slice(0, -1).every((d) => d === 'thinking_delta')).toBe(true);
  });

  it('streams several tool_use blocks, each input split over several input_json_delta chunks', async () => {
    const calls = [
      { name: 'read_file', input: { path: 'src/index.ts' } },
      { name: 'grep', input: { pattern: 'TODO', paths: ['src', 'test'], ignoreCase: true } },
    ];
    const client = await start([
      { content: [{ type: 'text', text: 'Looking.' }, ...calls.map((c) => ({ type: 'tool_use' as const, ...c }))] },
    ]);
    const stream = await client.messages.create({ ...params, stream: true });
    const partials = new Map<number, string[]>();
    const starts: Record<string, unknown>[] = [];
    for await (const e of stream) {
      if (e.type === 'content_block_start') starts.push(e.content_block as unknown as Record<string, unknown>);
      if (e.type === 'content_block_delta' && e.delta.type === 'input_json_delta')
        partials.set(e.index, [...(partials.get(e.index) ?? []), e.delta.partial_json]);
    }
    expect(starts.map((s) => s.type)).toEqual(['text', 'tool_use', 'tool_use']);
    expect(starts[1]).toMatchObject({ name: 'read_file', input: {}, id: expect.stringMatching(/^toolu_/) });
    expect([...partials.keys()]).toEqual([1, 2]);
    for (const [index, chunks] of partials) {
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      expect(JSON.parse(chunks.join(''))).toEqual(calls[index - 1]!.input);
    }

    server!.setScript([{ content: calls.map((c) => ({ type: 'tool_use' as const, ...c })) }]);
    const final = await client.messages.stream(params).finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content.map((b) => (b.type === 'tool_use' ? [b.name, b.input] : null))).toEqual(
      calls.map((c) => [c.name, c.input]),
    );
  });
});
