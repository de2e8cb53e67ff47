import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, refusal, serve } from './test-support.test-util.js';
import type { ScriptTurn } from './types.js';

afterEach(closeAll);

async function events(
  client: Anthropic,
  params: Anthropic.MessageCreateParamsNonStreaming,
): Promise<Anthropic.MessageStreamEvent[]> {
  const out: Anthropic.MessageStreamEvent[] = [];
  for await (const e of await client.messages.create({ ...params, stream: true })) out.push(e);
  return out;
}

describe('thinking display', () => {
  const turn: ScriptTurn = {
    content: [
      { type: 'thinking', thinking: 'Planning quietly.' },
      { type: 'thinking', thinking: 'Reading the file next.', update: true },
      { type: 'text', text: 'Done.' },
    ],
  };

  it('default (omitted): the block starts empty and gets one signature_delta, no thinking_delta', async () => {
    const { client } = await serve([turn]);
    const seen = await events(client, ask('hi'));
    const starts = seen.filter((e) => e.type === 'content_block_start').map((e) => e.content_block);
    expect(starts[0]).toEqual({ type: 'thinking', thinking: '', signature: '' });
    const deltas = seen
      .filter((e) => e.type === 'content_block_delta' && e.index === 0)
      .map((e) => e.type === 'content_block_delta' && e.delta.type);
    expect(deltas).toEqual(['signature_delta']);
  });

  it('summarized streams every thinking text; updates shows only the text between tool calls', async () => {
    const { client } = await serve([turn, turn]);
    const summarized = await client.messages
      .stream({ ...ask('hi'), thinking: { type: 'adaptive', display: 'summarized' } })
      .finalMessage();
    expect(summarized.content.slice(0, 2).map((b) => b.type === 'thinking' && b.thinking)).toEqual([
      'Planning quietly.',
      'Reading the file next.',
    ]);
    const updates = await client.beta.messages.create({
      ...ask('hi'),
      thinking: { type: 'adaptive', display: 'updates' },
      betas: ['thinking-display-updates-2026-08-18'],
    });
    expect(updates.content.slice(0, 2).map((b) => b.type === 'thinking' && b.thinking)).toEqual([
      '',
      'Reading the file next.',
    ]);
  });

  it('thinking off (Opus 4.8 default, disabled) sends no thinking; between_tools drops up-front thinking only', async () => {
    const { client } = await serve([turn, turn, { ...turn }]);
    expect((await client.messages.create(ask('hi', 'claude-opus-4-8'))).content.map((b) => b.type)).toEqual(['text']);
    expect(
      (await client.messages.create({ ...ask('hi'), thinking: { type: 'between_tools' } })).content.map((b) => b.type),
    ).toEqual(['text']);
    expect(
      (await client.messages.create({ ...ask('hi', 'claude-opus-4-8'), thinking: { type: 'adaptive' } })).content.map(
        (b) => b.type,
      ),
    ).toEqual(['thinking', 'thinking', 'text']);
  });

  it('sends redacted_thinking whole in its content_block_start', async () => {
    const { client } = await serve([{ content: [{ type: 'redacted_thinking' }, { type: 'text', text: 'ok' }] }]);
    const seen = await events(client, ask('hi'));
    const start = seen.find((e) => e.type === 'content_block_start');
    expect(start?.type === 'content_block_start' && start.content_block).toMatchObject({
      type: 'redacted_thinking',
      data: expect.stringMatching(/.{40,}/),
    });
  });
});

describe('stop reasons and token limits', () => {
  it('a refusal after partial text carries stop_details on message_delta', async () => {
    const { client } = await serve([
      {
        content: [{ type: 'text', text: 'I can help with part of' }],
        stopReason: 'refusal',
        refusal: { category: 'cyber', explanation: 'Exploit development.' },
      },
    ]);
    const seen = await events(client, ask('hi'));
    const delta = seen.find((e) => e.type === 'message_delta');
    expect(delta?.type === 'message_delta' && delta.delta).toMatchObject({
      stop_reason: 'refusal',
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'Exploit development.' },
    });
  });

  it('pause_turn continues only from a reply ending in a server tool block: the mock remembers no reply', async () => {
    const search = { type: 'server_tool_use', id: 'srvtoolu_01', name: 'web_search', input: { query: 'q' } };
    const found = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01', content: [] };
    const { client } = await serve([
      { content: [{ type: 'text', text: 'a' }], stopReason: 'pause_turn' },
      {
        content: [
          { type: 'raw', block: search },
          { type: 'raw', block: found },
        ],
        stopReason: 'pause_turn',
      },
      { content: [{ type: 'text', text: 'b' }], stopReason: 'model_context_window_exceeded' },
    ]);
    const paused = await client.messages.create(ask('hi'));
    expect(paused.stop_reason).toBe('pause_turn');
    const sendBack = (content: unknown) =>
      client.messages.create({
        ...ask(''),
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: content as Anthropic.ContentBlockParam[] },
        ],
      });
    // A text-only paused reply sent back last is a prefill, exactly as any made-up assistant text.
    expect((await refusal(sendBack(paused.content))).message).toMatch(/prefill/);
    expect((await refusal(sendBack('made up'))).message).toMatch(/prefill/);
    const serverPaused = await client.messages.create(ask('hi'));
    expect(serverPaused.content.at(-1)?.type).toBe('web_search_tool_result');
    // Sent back unchanged (or by another client: content is all that counts), it continues.
    expect((await sendBack([search, found])).stop_reason).toBe('model_context_window_exceeded');
  });

  it('a tool call cut by max_tokens streams a tool_use whose input JSON never closes', async () => {
    const content = 'x'.repeat(400);
    const { client } = await serve([
      {
        content: [
          { type: 'text', text: 'Writing.' },
          { type: 'tool_use', name: 'write_file', input: { path: 'a', content } },
        ],
      },
      {
        content: [
          { type: 'text', text: 'Writing.' },
          { type: 'tool_use', name: 'write_file', input: { path: 'a', content } },
        ],
      },
    ]);
    const seen = await events(client, { ...ask('hi'), max_tokens: 40 });
    const start = seen.find((e) => e.type === 'content_block_start' && e.index === 1);
    expect(start?.type === 'content_block_start' && start.content_block).toMatchObject({
      type: 'tool_use',
      name: 'write_file',
    });
    const json = seen
      .flatMap((e) =>
        e.type === 'content_block_delta' && e.delta.type === 'input_json_delta' ? [e.delta.partial_json] : [],
      )
      .join('');
    expect(json.length).toBeGreaterThan(0);
    expect(JSON.stringify({ path: 'a', content }).startsWith(json)).toBe(true);
    expect(() => JSON.parse(json)).toThrow();
    const delta = seen.find((e) => e.type === 'message_delta');
    expect(delta?.type === 'message_delta' && delta.delta.stop_reason).toBe('max_tokens');
    const whole = await client.messages.create({ ...ask('hi'), max_tokens: 40 });
    expect(whole.content[1]).toMatchObject({ type: 'tool_use', input: {} });
  });

  it('thinking tokens count toward max_tokens: a reply cut inside thinking has no text', async () => {
    const { client } = await serve([
      {
        content: [
          { type: 'thinking', thinking: 'long' },
          { type: 'text', text: 'the answer' },
        ],
        thinkingTokens: 5000,
      },
    ]);
    const reply = await client.messages.create({ ...ask('hi'), max_tokens: 4096 });
    expect(reply.stop_reason).toBe('max_tokens');
    expect(reply.content.map((b) => b.type)).toEqual(['thinking']);
    expect(reply.usage).toMatchObject({ output_tokens: 4096, output_tokens_details: { thinking_tokens: 4096 } });
  });

  it('a per-turn usage override reports the numbers given (to fill the window)', async () => {
    const { client } = await serve([
      { content: [{ type: 'text', text: 'x' }], usage: { input_tokens: 990_000, cache_read_input_tokens: 5000 } },
    ]);
    expect((await client.messages.create(ask('hi'))).usage).toMatchObject({
      input_tokens: 990_000,
      cache_read_input_tokens: 5000,
    });
  });
});

describe('errors', () => {
  it('a mid-stream overloaded_error after some deltas', async () => {
    const { client, server } = await serve([
      { content: [{ type: 'text', text: 'partial answer here' }], fault: { kind: 'stream_error', afterEvents: 4 } },
    ]);
    const seen: string[] = [];
    const failure = await (async () => {
      try {
        for await (const e of await client.messages.create({ ...ask('hi'), stream: true })) seen.push(e.type);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(seen).toEqual(['message_start', 'content_block_start', 'content_block_delta']);
    expect(failure).toBeInstanceOf(Anthropic.APIError);
    expect(String((failure as Error).message)).toContain('overloaded_error');
    expect(server.remainingTurns()).toBe(1);
  });

  it('HTTP errors with their documented types, retry-after and x-should-retry', async () => {
    const statuses = [
      [401, 'authentication_error'],
      [402, 'billing_error'],
      [403, 'permission_error'],
      [404, 'not_found_error'],
      [409, 'conflict_error'],
      [413, 'request_too_large'],
      [504, 'timeout_error'],
      [529, 'overloaded_error'],
    ] as const;
    for (const [status, type] of statuses) {
      const { client } = await serve([
        {
          content: [],
          fault: {
            kind: 'http_error',
            status,
            retryAfterSeconds: status === 529 ? 3 : undefined,
            shouldRetry: status === 409,
          },
        },
      ]);
      expect(await refusal(client.messages.create(ask('hi')))).toMatchObject({ status, type });
    }
    const { server } = await serve([
      { content: [], fault: { kind: 'http_error', status: 429, errorCode: 'enforced_spend_limit_reached' } },
      { content: [], fault: { kind: 'http_error', status: 529, retryAfterSeconds: 2, shouldRetry: true } },
    ]);
    const send = () =>
      fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'anthropic-version': '2026-10-21' },
        body: JSON.stringify(ask('hi')),
      });
    const capped = await send();
    expect([capped.status, capped.headers.get('retry-after')]).toEqual([429, null]);
    expect(await capped.json()).toMatchObject({
      error: { type: 'rate_limit_error', details: { error_code: 'enforced_spend_limit_reached' } },
    });
    server.setScript([
      { content: [], fault: { kind: 'http_error', status: 529, retryAfterSeconds: 2, shouldRetry: true } },
    ]);
    const overloaded = await send();
    expect([
      overloaded.status,
      overloaded.headers.get('retry-after'),
      overloaded.headers.get('x-should-retry'),
    ]).toEqual([529, '2', 'true']);
  });
});

describe('forward compatibility and caching', () => {
  it('sends an unknown content block type and an unknown SSE event name', async () => {
    const { client } = await serve([
      {
        content: [
          { type: 'raw', block: { type: 'future_block', payload: 1 } },
          { type: 'text', text: 'ok' },
        ],
        unknownEvent: 'future_event',
      },
    ]);
    const res = await client.messages.create({ ...ask('hi'), stream: true }).asResponse();
    const text = await res.text();
    expect(text).toContain('event: future_event\n');
    expect(text).toContain('"content_block":{"type":"future_block","payload":1}');
  });

  it('splits cache writes into 5m and 1h and applies the per-model minimum (512 on Sonnet 5.5)', async () => {
    const { client } = await serve();
    const block = (tokens: number, ttl?: '1h') => ({
      type: 'text' as const,
      text: 'a'.repeat(tokens * 4),
      cache_control: { type: 'ephemeral' as const, ...(ttl ? { ttl } : {}) },
    });
    const u = (
      await client.messages.create({
        ...ask('hi'),
        system: [block(600, '1h'), { ...block(100), text: 'b'.repeat(400) }],
      })
    ).usage;
    expect(u.cache_creation).toEqual({ ephemeral_1h_input_tokens: 600, ephemeral_5m_input_tokens: 100 });
    const small = (await client.messages.create({ ...ask('hi', 'claude-opus-4-8'), system: [block(600)] })).usage;
    expect(small.cache_creation_input_tokens).toBe(0);
    expect(
      (
        await refusal(
          client.messages.create({
            ...ask('hi'),
            system: [block(600), { ...block(100, '1h'), text: 'c'.repeat(400) }],
          }),
        )
      ).message,
    ).toMatch(/ttl "1h" cannot come after/);
  });
});
