import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheHints, Message, ModelRequest, Part, SystemText, ToolSpec } from '../../index.js';
import { requestBetas, streamRequestBody, wireRequest } from './request-json.js';

/** The body equals the bytes `messages.create` would send for the converted request. */
function expectSameBytes(r: ModelRequest): void {
  const expected = Buffer.from(JSON.stringify({ ...wireRequest(r), stream: true }));
  expect(streamRequestBody(r).toString('utf8')).toBe(expected.toString('utf8'));
  expect(Buffer.compare(streamRequestBody(r), expected)).toBe(0);
}

const system: SystemText[] = [{ text: 'You are a harness — with “quotes”.' }, { text: 'Second block.' }];
const tools: ToolSpec[] = [
  {
    name: 'glob',
    description: 'find files',
    inputSchema: { type: 'object', properties: { pattern: { type: 'string' } } },
  },
  { name: 'grep', description: 'search', inputSchema: { type: 'object' } },
];

function request(messages: Message[], cache?: CacheHints, budget?: number): ModelRequest {
  return {
    model: 'claude-sonnet-5-5',
    maxTokens: 8192,
    system,
    tools,
    messages,
    ...(cache ? { cache } : {}),
    ...(budget !== undefined ? { thinking: { mode: 'budget', budgetTokens: budget } } : {}),
  };
}

const str = fc.string({ unit: 'binary' });
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: str }),
  fc.record({
    type: fc.constant('thinking' as const),
    text: str,
    meta: fc.constant({ anthropic: { signature: 's' } }),
  }),
  fc.record({ type: fc.constant('thinking' as const), text: str }),
  fc.record({
    type: fc.constant('tool_call' as const),
    id: fc.string(),
    name: fc.string(),
    input: fc.dictionary(fc.string(), fc.jsonValue()),
  }),
  fc.record({
    type: fc.constant('tool_result' as const),
    callId: fc.string(),
    content: fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('text' as const), text: str }),
        fc.record({
          type: fc.constant('image' as const),
          mediaType: fc.constant('image/png'),
          data: fc.base64String(),
        }),
      ),
      { maxLength: 3 },
    ),
    isError: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('provider' as const),
    provider: fc.constantFrom('anthropic', 'other'),
    kind: fc.constant('server_tool_use'),
    block: fc.constant({ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } }),
  }),
);
const message: fc.Arbitrary<Message> = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.array(part, { maxLength: 4 }),
});

/** Hints as the loop gives them: system, tools, and up to two message parts (valid or not). */
const hints = (messages: readonly Message[]): fc.Arbitrary<CacheHints> =>
  fc.record({
    system: fc.boolean(),
    tools: fc.boolean(),
    messages: fc.array(fc.record({ message: fc.nat({ max: messages.length }), part: fc.nat({ max: 4 }) }), {
      maxLength: 2,
    }),
    ttl: fc.option(fc.constantFrom('5m' as const, '1h' as const), { nil: undefined }),
  });

describe('streamRequestBody', () => {
  it('is byte-identical to JSON.stringify of the converted request with stream: true', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 8 }).chain((m) => fc.tuple(fc.constant(m), hints(m))),
        fc.option(fc.integer({ min: 1024, max: 4096 }), { nil: undefined }),
        ([messages, cache], budget) => {
          expectSameBytes(request(messages, cache, budget));
          // A second request over the same (cached) messages with other marks stays exact.
          expectSameBytes(request(messages.slice(0, -1), { system: true, tools: true, messages: [] }));
        },
      ),
    );
  });

  it('every body of a growing transcript equals a fresh serialisation (cached message JSON stays right)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(message, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        (turns) => {
          const transcript: Message[] = [];
          let previous: { message: number; part: number } | undefined;
          for (const added of turns) {
            transcript.push(...added);
            const last = transcript.length - 1;
            const newest = { message: last, part: Math.max(0, transcript[last]!.content.length - 1) };
            expectSameBytes(
              request(transcript, { system: true, tools: true, messages: previous ? [previous, newest] : [newest] }),
            );
            previous = newest;
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the request as the Messages API gets it', () => {
  it('marks the last system block, the last tool and each hinted part; the 1h TTL goes on system and tools', () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'c' },
          { type: 'text', text: 'd' },
        ],
      },
    ];
    const wire = wireRequest(
      request(messages, { system: true, tools: true, messages: [{ message: 2, part: 0 }], ttl: '1h' }),
    );
    expect(wire.system).toEqual([
      { type: 'text', text: system[0]!.text },
      { type: 'text', text: 'Second block.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(wire.tools.map((t) => t.cache_control)).toEqual([undefined, { type: 'ephemeral', ttl: '1h' }]);
    expect(wire.messages[2]!.content).toEqual([
      { type: 'text', text: 'c', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'd' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('cache_control');
  });

  it('sends the blocks the harness always sent, keys in the same order (so stored sessions keep their bytes)', () => {
    const wire = wireRequest(
      request([
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'hm', meta: { anthropic: { signature: 'sig' } } },
            { type: 'thinking', text: '', redacted: true, meta: { anthropic: { data: 'blob' } } },
            { type: 'tool_call', id: 'toolu_1', name: 'glob', input: { pattern: '*' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', callId: 'toolu_1', content: [{ type: 'text', text: 'a.txt' }] },
            { type: 'tool_result', callId: 'toolu_2', content: [{ type: 'text', text: 'no' }], isError: true },
          ],
        },
      ]),
    );
    expect(JSON.stringify(wire.messages.slice(1))).toBe(
      JSON.stringify([
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hm', signature: 'sig' },
            { type: 'redacted_thinking', data: 'blob' },
            { type: 'tool_use', id: 'toolu_1', name: 'glob', input: { pattern: '*' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'no', is_error: true },
          ],
        },
      ]),
    );
    expect(JSON.stringify(wire.tools[0])).toBe(
      '{"name":"glob","description":"find files","input_schema":{"type":"object","properties":{"pattern":{"type":"string"}}}}',
    );
  });

  it('sends a result with images or documents as content blocks, a text document as text', () => {
    const wire = wireRequest(
      request([
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              callId: 't',
              content: [
                { type: 'text', text: 'the chart:' },
                { type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
                { type: 'document', mediaType: 'application/pdf', data: 'JVBERi0=', title: 'spec' },
                { type: 'document', mediaType: 'text/plain', data: Buffer.from('plain words').toString('base64') },
              ],
            },
          ],
        },
      ]),
    );
    expect(wire.messages[0]!.content[0]).toEqual({
      type: 'tool_result',
      tool_use_id: 't',
      content: [
        { type: 'text', text: 'the chart:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
          title: 'spec',
        },
        { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' } },
      ],
    });
  });

  it("leaves out what this API cannot take: another provider's parts and thinking without a signature", () => {
    const wire = wireRequest(
      request(
        [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', text: 'from elsewhere', meta: { other: { id: 'r1' } } },
              { type: 'provider', provider: 'other', kind: 'reasoning', block: { type: 'reasoning' } },
              {
                type: 'provider',
                provider: 'anthropic',
                kind: 'server_tool_use',
                block: { type: 'server_tool_use', id: 's' },
              },
              { type: 'text', text: 'answer' },
            ],
          },
        ],
        { system: false, tools: false, messages: [{ message: 1, part: 1 }] },
      ),
    );
    expect(wire.messages[1]!.content).toEqual([
      { type: 'server_tool_use', id: 's' },
      { type: 'text', text: 'answer' },
    ]);
    // A mark on a part that is not sent lands on the last block sent before it, if any.
    const marked = wireRequest(
      request(
        [
          { role: 'user', content: [{ type: 'text', text: 'q' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'a' },
              { type: 'provider', provider: 'other', kind: 'x', block: { type: 'x' } },
            ],
          },
        ],
        { system: false, tools: false, messages: [{ message: 1, part: 1 }] },
      ),
    );
    expect(marked.messages[1]!.content).toEqual([{ type: 'text', text: 'a', cache_control: { type: 'ephemeral' } }]);
  });

  it('sends thinking and effort as the API names them; count_tokens bodies have no max_tokens', () => {
    const r: ModelRequest = { ...request([{ role: 'user', content: [{ type: 'text', text: 'x' }] }]), effort: 'low' };
    expect(wireRequest({ ...r, thinking: { mode: 'adaptive' } })).toMatchObject({
      thinking: { type: 'adaptive', display: 'summarized' },
      output_config: { effort: 'low' },
    });
    expect(wireRequest({ ...r, thinking: { mode: 'between_tools' } }).thinking).toEqual({ type: 'between_tools' });
    expect(wireRequest({ ...r, thinking: { mode: 'off' } }).thinking).toEqual({ type: 'disabled' });
    const { maxTokens: _m, ...count } = r;
    expect(Object.keys(wireRequest(count))).toEqual(['model', 'system', 'tools', 'messages', 'output_config']);
  });

  it('sends tool-result clearing as context_management with its beta header, and only when asked', () => {
    const r = request([{ role: 'user', content: [{ type: 'text', text: 'x' }] }]);
    const clearing: ModelRequest = {
      ...r,
      clearToolResults: { triggerTokens: 500_000, keepToolUses: 4, clearAtLeastTokens: 100_000 },
    };
    expect(wireRequest(clearing).context_management).toEqual({
      edits: [
        {
          type: 'clear_tool_uses_20250919',
          trigger: { type: 'input_tokens', value: 500_000 },
          keep: { type: 'tool_uses', value: 4 },
          clear_at_least: { type: 'input_tokens', value: 100_000 },
        },
      ],
    });
    expectSameBytes(clearing);
    expect(requestBetas(clearing)).toEqual(['context-management-2025-06-27']);
    expect(wireRequest(r).context_management).toBeUndefined();
    expect(requestBetas(r)).toEqual([]);
  });
});
