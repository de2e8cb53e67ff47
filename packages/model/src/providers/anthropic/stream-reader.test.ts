import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, ModelError, ModelEvent, Part, StopDetails, Usage } from '../../index.js';
import { estimateCostUsd } from '../../index.js';
import { describeModel } from './catalogue.js';
import { readStream } from './stream-reader.js';
import type { StreamEvent } from './wire-types.js';

async function* events(list: readonly unknown[]): AsyncIterable<unknown> {
  for (const e of list) yield e;
}

type Delta = Extract<ModelEvent, { type: 'text_delta' | 'thinking_delta' }>;

/** A whole read, as one value: the terminal event's fields, and the notices said before it. */
type Read =
  | {
      ok: true;
      message: Message;
      stopReason: string | null;
      stopDetails?: StopDetails;
      usage: Usage;
      truncatedToolCalls: string[];
      notices: string[];
    }
  | { ok: false; error: ModelError; completed: Part[]; usage: Usage; notices: string[] };

/** Reads `stream` to its end: deltas to `onDelta`; checks that exactly one terminal event comes last. */
async function read(stream: AsyncIterable<unknown>, onDelta: (d: Delta) => void = () => undefined): Promise<Read> {
  const notices: string[] = [];
  const all: ModelEvent[] = [];
  for await (const e of readStream(stream)) {
    all.push(e);
    if (e.type === 'text_delta' || e.type === 'thinking_delta') onDelta(e);
    else if (e.type === 'notice') notices.push(e.message);
  }
  const terminal = all.at(-1);
  expect(all.filter((e) => e.type === 'done' || e.type === 'error')).toHaveLength(1);
  if (terminal?.type === 'done') {
    const { type: _t, ...rest } = terminal;
    return { ok: true, ...rest, notices };
  }
  if (terminal?.type !== 'error') throw new Error('the stream did not end with done or error');
  const { type: _t, ...rest } = terminal;
  return { ok: false, ...rest, notices };
}

const start: StreamEvent = {
  type: 'message_start',
  message: {
    usage: { input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 5, cache_creation_input_tokens: 2 },
  },
};

describe('readStream (an injected client, without the SDK)', () => {
  it('assembles thinking with its signature, text and tool input from deltas, and reports usage', async () => {
    const seen: Delta[] = [];
    const result = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'let me see' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Reading.' } },
        { type: 'content_block_stop', index: 1 },
        {
          type: 'content_block_start',
          index: 2,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} },
        },
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
      truncatedToolCalls: [],
      notices: [],
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', text: 'let me see', meta: { anthropic: { signature: 'sig' } } },
          { type: 'text', text: 'Reading.' },
          { type: 'tool_call', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
        ],
      },
    });
    expect(seen).toEqual([
      { type: 'thinking_delta', text: 'let me see' },
      { type: 'text_delta', text: 'Reading.' },
    ]);
  });

  it('marks a tool_use whose input JSON was cut by max_tokens, with an empty input', async () => {
    const result = await read(
      events([
        start,
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_2', name: 'write_file', input: {} },
        },
        {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: '{"path":"a","content":"unterm' },
        },
        { type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 8192 } },
        { type: 'message_stop' },
      ]),
    );
    expect(result).toMatchObject({ ok: true, stopReason: 'max_tokens', truncatedToolCalls: ['toolu_2'] });
    expect(result.ok && result.message.content[0]).toEqual({
      type: 'tool_call',
      id: 'toolu_2',
      name: 'write_file',
      input: {},
    });
  });

  it('a stream that ends without message_stop is a connection failure keeping only finished blocks', async () => {
    const result = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'done' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'half' } },
      ]),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'connection' },
      completed: [{ type: 'text', text: 'done' }],
    });
  });

  it('passes an error event through as the failure', async () => {
    const result = await read(
      events([{ type: 'error', error: { kind: 'client', status: 400, message: 'bad request' } }]),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'client', status: 400 } });
  });

  it('reads a refusal’s stop_details', async () => {
    const result = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'I can help with part of' } },
        { type: 'content_block_stop', index: 0 },
        {
          type: 'message_delta',
          delta: {
            stop_reason: 'refusal',
            stop_details: { type: 'refusal', category: 'cyber', explanation: 'not this' },
          },
          usage: { output_tokens: 5 },
        },
        { type: 'message_stop' },
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      stopReason: 'refusal',
      stopDetails: { category: 'cyber', explanation: 'not this' },
    });
  });

  it('leaves an unknown block type out of the reply with one notice, and ignores unknown events and its deltas', async () => {
    const result = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'hologram', payload: {} } },
        { type: 'content_block_delta', index: 0, delta: { type: 'hologram_delta', beam: 'x' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'telemetry', anything: 1 },
        { type: 'telemetry', anything: 2 },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'kept' } },
        { type: 'content_block_stop', index: 1 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: {} },
        { type: 'message_stop' },
      ]),
    );
    expect(result.ok && result.message.content).toEqual([{ type: 'text', text: 'kept' }]);
    expect(result.notices).toEqual([
      'a content block of unknown type "hologram" was left out of the reply',
      'stream events of unknown type "telemetry" were ignored',
    ]);
  });

  it('keeps a server tool call and its result as provider parts to send back (marked as server tool steps), the call input from its deltas', async () => {
    const search = {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [{ type: 'web_search_result', url: 'https://x.test' }],
    };
    const result = await read(
      events([
        start,
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
        },
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"query":"x"}' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'content_block_start', index: 1, content_block: search },
        { type: 'content_block_stop', index: 1 },
        { type: 'message_delta', delta: { stop_reason: 'pause_turn' }, usage: {} },
        { type: 'message_stop' },
      ]),
    );
    expect(result).toMatchObject({ ok: true, stopReason: 'pause_turn', notices: [] });
    expect(result.ok && result.message.content).toEqual([
      {
        type: 'provider',
        provider: 'anthropic',
        kind: 'server_tool_use',
        block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
        serverTool: true,
      },
      { type: 'provider', provider: 'anthropic', kind: 'web_search_tool_result', block: search, serverTool: true },
    ]);
  });

  it('a redacted thinking block keeps its data in meta; an unknown stop reason is read as end_turn with a notice', async () => {
    const result = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'redacted_thinking', data: 'opaque' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'nap_time' }, usage: {} },
        { type: 'message_stop' },
      ]),
    );
    expect(result).toMatchObject({
      ok: true,
      stopReason: 'end_turn',
      notices: ['the unknown stop reason "nap_time" was read as end_turn'],
      message: { content: [{ type: 'thinking', text: '', redacted: true, meta: { anthropic: { data: 'opaque' } } }] },
    });
  });

  it('hands out deltas as they arrive, then the notices, then the terminal event', async () => {
    const order: string[] = [];
    for await (const e of readStream(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } },
        { type: 'telemetry' },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'b' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_stop' },
      ]),
    ))
      order.push(e.type === 'text_delta' ? e.text : e.type);
    expect(order).toEqual(['a', 'b', 'notice', 'done']);
  });

  it('ignores deltas for blocks that never started and events after message_stop; a late failure loses nothing', async () => {
    const result = await read(
      (async function* () {
        yield start;
        yield { type: 'content_block_delta', index: 7, delta: { type: 'text_delta', text: 'ghost' } };
        yield { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'done' } };
        yield { type: 'content_block_stop', index: 0 };
        yield { type: 'message_stop' };
        yield { type: 'content_block_start', index: 1, content_block: { type: 'text', text: 'late' } };
        throw new Error('socket hang up');
      })(),
    );
    expect(result).toMatchObject({ ok: true, message: { content: [{ type: 'text', text: 'done' }] } });
    expect(result.notices).toContain('deltas for a block that never started were ignored');
    expect(result.notices).toContain('events after message_stop were ignored');
  });

  it('a stream that throws is a connection failure; a thinking block without a signature is not sent back', async () => {
    const thrown = await read(
      (async function* () {
        yield start;
        throw new Error('ECONNRESET');
      })(),
    );
    expect(thrown).toMatchObject({
      ok: false,
      error: { kind: 'connection', message: 'the stream failed: ECONNRESET' },
    });
    const unsigned = await read(
      events([
        start,
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: 'hm' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_stop' },
      ]),
    );
    expect(unsigned).toMatchObject({
      ok: true,
      message: { content: [] },
      notices: ['a thinking block without its signature was left out of the reply'],
    });
  });

  it('an API-shaped error event (a server’s own data) is classified by its type', async () => {
    const result = await read(
      events([start, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'overloaded', type: 'overloaded_error' } });
  });
});

/** Events of every kind, valid and not, for the property below. */
const index = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom(-1, 1.5, Number.NaN, '0', null));
const text = fc.string({ maxLength: 8 });
const blockType = fc.constantFrom(
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'server_tool_use',
  'hologram',
  7,
);
const deltaType = fc.constantFrom(
  'text_delta',
  'thinking_delta',
  'signature_delta',
  'input_json_delta',
  'citations_delta',
  null,
);
const usage = fc.dictionary(
  fc.constantFrom('input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'),
  fc.oneof(fc.nat(), fc.double(), fc.constant(null), text),
);
const json = fc.oneof(fc.constantFrom('{', '}', '{"a":', '1}', '"x"', '[]', 'null'), text);
const anyEvent = fc.oneof(
  fc.record({ type: fc.constant('message_start'), message: fc.oneof(fc.record({ usage }), fc.anything()) }),
  fc.record({
    type: fc.constant('content_block_start'),
    index,
    content_block: fc.oneof(
      fc.record(
        {
          type: blockType,
          text,
          thinking: text,
          signature: text,
          data: text,
          id: fc.constantFrom('t1', 't2', ''),
          name: text,
          input: fc.anything(),
        },
        { requiredKeys: ['type'] },
      ),
      fc.anything(),
    ),
  }),
  fc.record({
    type: fc.constant('content_block_delta'),
    index,
    delta: fc.oneof(
      fc.record(
        { type: deltaType, text, thinking: text, signature: text, partial_json: json },
        { requiredKeys: ['type'] },
      ),
      fc.anything(),
    ),
  }),
  fc.record({ type: fc.constant('content_block_stop'), index }),
  fc.record({
    type: fc.constant('message_delta'),
    delta: fc.oneof(
      fc.record({
        stop_reason: fc.oneof(fc.constantFrom('end_turn', 'tool_use', 'max_tokens', 'refusal', null), fc.anything()),
        stop_details: fc.anything(),
      }),
      fc.anything(),
    ),
    usage: fc.anything(),
  }),
  fc.constant({ type: 'message_stop' }),
  fc.constant({ type: 'ping' }),
  fc.record({ type: fc.constant('error'), error: fc.anything() }),
  fc.record({ type: fc.string({ maxLength: 12 }) }),
  fc.anything(),
);

describe('readStream never throws (property)', () => {
  it('any sequence of events, valid, shuffled, truncated or unknown, and a stream that may throw, gives a result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyEvent, { maxLength: 40 }), fc.option(fc.nat({ max: 40 })), async (list, throwAt) => {
        const stream = (async function* () {
          for (const [i, e] of list.entries()) {
            if (i === throwAt) throw new Error('cut');
            yield e;
          }
        })();
        const deltas: Delta[] = [];
        const result = await read(stream, (e) => deltas.push(e));
        expect(Array.isArray(result.notices)).toBe(true);
        if (result.ok) {
          for (const b of result.message.content)
            expect(['text', 'thinking', 'tool_call', 'provider']).toContain(b.type);
          const ids = result.message.content.flatMap((b) => (b.type === 'tool_call' ? [b.id] : []));
          expect(new Set(ids).size).toBe(ids.length);
          for (const b of result.message.content)
            if (b.type === 'tool_call' || (b.type === 'provider' && b.kind === 'server_tool_use')) {
              const input = b.type === 'tool_call' ? b.input : b.block.input;
              expect(typeof input === 'object' && input !== null && !Array.isArray(input)).toBe(true);
            }
          for (const b of result.message.content)
            if (b.type === 'thinking' && !b.redacted) expect(b.meta?.anthropic?.signature).not.toBe('');
        } else expect(typeof result.error.message).toBe('string');
        for (const d of deltas)
          expect(typeof d === 'object' && (d.type === 'text_delta' || d.type === 'thinking_delta')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a valid reply with its events shuffled still gives a result, never an exception', async () => {
    const valid: StreamEvent[] = [
      start,
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 't', name: 'glob', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"pattern":"*"}' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 3 } },
      { type: 'message_stop' },
    ];
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(valid), async (list) => {
        const result = await read(events(list));
        expect(result.ok).toBe(list.some((e) => e.type === 'message_stop'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('cache writes by TTL', () => {
  it('keeps usage.cache_creation so 1h writes are priced as 1h writes', async () => {
    const result = await read(
      events([
        {
          type: 'message_start',
          message: {
            usage: {
              input_tokens: 0,
              cache_creation_input_tokens: 1_000_000,
              cache_creation: { ephemeral_5m_input_tokens: 400_000, ephemeral_1h_input_tokens: 600_000 },
            },
          },
        },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 0 } },
        { type: 'message_stop' },
      ]),
    );
    expect(result.usage).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 1_000_000, cacheWrite1h: 600_000 });
    // Sonnet 5.5: 0.4 MTok x $2.50 (5m) + 0.6 MTok x $4 (1h)
    expect(estimateCostUsd(describeModel('claude-sonnet-5-5'), result.usage)).toBeCloseTo(1 + 2.4, 10);
  });
});
