import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endPosition, markMessages, markSystem, markTools } from './cache.js';
import type { Message } from './messages.js';
import type { ModelRequest } from './model-client.js';
import { streamRequestBody } from './request-json.js';

/** The body equals the bytes the SDK's messages.create would send for this request. */
function expectSameBytes(r: ModelRequest): void {
  expect(streamRequestBody(r).toString('utf8')).toBe(JSON.stringify({ ...r, stream: true }));
  expect(Buffer.compare(streamRequestBody(r), Buffer.from(JSON.stringify({ ...r, stream: true })))).toBe(0);
}

const system = markSystem([{ type: 'text', text: 'You are a harness — with “quotes”.' }]);
const tools = markTools([
  {
    name: 'glob',
    description: 'find files',
    input_schema: { type: 'object', properties: { pattern: { type: 'string' } } },
  },
]);

function request(messages: Message[], previous?: { message: number; block: number }, thinking?: number): ModelRequest {
  const r: ModelRequest = {
    model: 'claude-sonnet-5-5',
    max_tokens: 8192,
    system,
    tools,
    messages: markMessages(messages, previous),
  };
  if (thinking !== undefined) r.thinking = { type: 'enabled', budget_tokens: thinking };
  return r;
}

const block = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text: fc.string({ unit: 'binary' }) }),
  fc.record({
    type: fc.constant('tool_use' as const),
    id: fc.string(),
    name: fc.string(),
    input: fc.dictionary(fc.string(), fc.jsonValue()),
  }),
  fc.record({
    type: fc.constant('tool_result' as const),
    tool_use_id: fc.string(),
    content: fc.string({ unit: 'binary' }),
    is_error: fc.option(fc.constant(true), { nil: undefined }),
  }),
);
const message = fc.record({
  role: fc.constantFrom('user' as const, 'assistant' as const),
  content: fc.array(block, { maxLength: 4 }),
});

describe('streamRequestBody', () => {
  it('is byte-identical to JSON.stringify({ ...request, stream: true })', () => {
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 8 }),
        fc.option(fc.integer({ min: 1024, max: 4096 }), { nil: undefined }),
        (messages, thinking) => {
          const previous = messages.length > 1 ? { message: 0, block: 0 } : undefined;
          const r = request(messages, previous, thinking);
          expectSameBytes(r);
          // A second request over the same (cached) messages with different marks stays exact.
          const again = request(messages.slice(0, -1), previous);
          expectSameBytes(again);
        },
      ),
    );
  });

  it('sends a stored message with extra keys as its { role, content } copy', () => {
    const odd = { content: [{ type: 'text', text: 'x' }], role: 'user', note: 1 } as unknown as Message;
    const r = request([odd, { role: 'assistant', content: [{ type: 'text', text: 'y' }] }]);
    expectSameBytes(r);
    expect(r.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'x' }] });
  });

  it('leaves the stored transcript unmarked and reuses unmarked messages', () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      { role: 'user', content: [{ type: 'text', text: 'c' }] },
    ];
    const marked = markMessages(messages, { message: 1, block: 0 });
    expect(marked[0]).toBe(messages[0]);
    expect(marked[1]).not.toBe(messages[1]);
    expect(JSON.stringify(messages)).not.toContain('cache_control');
  });
});

describe('streamRequestBody over a session', () => {
  it('every body of a growing transcript equals a fresh serialisation (cached message JSON stays right)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(message, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
        (turns) => {
          const transcript: Message[] = [];
          let previous: { message: number; block: number } | undefined;
          for (const added of turns) {
            transcript.push(...added);
            const r = request(transcript, previous);
            expect(Buffer.compare(streamRequestBody(r), Buffer.from(JSON.stringify({ ...r, stream: true })))).toBe(0);
            previous = endPosition(transcript);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
