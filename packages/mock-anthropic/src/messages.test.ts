import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FALLBACK_TEXT } from './script-engine.js';
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

const ask = (text: string) => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user' as const, content: text }],
});

describe('POST /v1/messages without streaming', () => {
  it('answers a scripted text turn in the real message shape, echoing the model', async () => {
    const client = await start([{ content: [{ type: 'text', text: 'Hello from the script' }] }]);
    const message = await client.messages.create({ ...ask('hi'), model: 'claude-haiku-5-5' });
    expect(message.id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
    expect(message.type).toBe('message');
    expect(message.role).toBe('assistant');
    expect(message.model).toBe('claude-haiku-5-5');
    expect(message.content).toEqual([{ type: 'text', text: 'Hello from the script' }]);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.stop_sequence).toBeNull();
    expect(message.usage).toEqual({
      input_tokens: 1,
      output_tokens: 6,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    });
  });

  it('honours scripted stop reasons and output token overrides', async () => {
    const client = await start([
      { content: [{ type: 'text', text: 'cut sh' }], stopReason: 'max_tokens', outputTokens: 77 },
    ]);
    const message = await client.messages.create(ask('hi'));
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage.output_tokens).toBe(77);
  });

  it('returns thinking blocks with a signature (text shown under display summarized)', async () => {
    const client = await start([
      {
        content: [
          { type: 'thinking', thinking: 'Let me think.' },
          { type: 'text', text: 'Done.' },
        ],
      },
    ]);
    const message = await client.messages.create({
      ...ask('hi'),
      thinking: { type: 'adaptive', display: 'summarized' },
    });
    const [thinking, text] = message.content;
    expect(thinking).toMatchObject({ type: 'thinking', thinking: 'Let me think.' });
    expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(10);
    expect(text).toEqual({ type: 'text', text: 'Done.' });
  });
});

describe('a tool_use round trip', () => {
  it('asks for a tool, receives its result, then answers', async () => {
    const client = await start([
      {
        content: [
          { type: 'text', text: 'Reading it.' },
          { type: 'tool_use', name: 'read_file', input: { path: 'a.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'The file says hello.' }] },
    ]);
    const tools = [
      {
        name: 'read_file',
        description: 'Read a file',
        input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } },
      },
    ];
    const first = await client.messages.create({ ...ask('read a.txt'), tools });
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((b) => b.type === 'tool_use');
    if (toolUse?.type !== 'tool_use') throw new Error('no tool_use block');
    expect(toolUse.id).toMatch(/^toolu_[0-9A-Za-z]{24}$/);
    expect(toolUse).toMatchObject({ name: 'read_file', input: { path: 'a.txt' } });

    const second = await client.messages.create({
      ...ask('read a.txt'),
      tools,
      messages: [
        { role: 'user', content: 'read a.txt' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'hello' }] },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'The file says hello.' }]);
    expect(second.stop_reason).toBe('end_turn');
    const sent = server!.messageRequests()[1]!.body as { messages: { content: unknown }[] };
    expect(sent.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: toolUse.id, content: 'hello' }]);
  });

  it('generates distinct ids for several tool_use blocks in one turn', async () => {
    const client = await start([
      {
        content: [
          { type: 'tool_use', name: 'read_file', input: { path: 'a' } },
          { type: 'tool_use', name: 'read_file', input: { path: 'b' } },
          { type: 'tool_use', name: 'grep', input: { pattern: 'x', paths: ['c', 'd'] }, id: 'toolu_fixed' },
        ],
      },
    ]);
    const message = await client.messages.create(ask('go'));
    const ids = message.content.map((b) => (b.type === 'tool_use' ? b.id : ''));
    expect(new Set(ids).size).toBe(3);
    expect(ids[2]).toBe('toolu_fixed');
    expect(message.content.map((b) => (b.type === 'tool_use' ? b.input : null))).toEqual([
      { path: 'a' },
      { path: 'b' },
      { pattern: 'x', paths: ['c', 'd'] },
    ]);
  });
});

describe('matchers and the end of the script', () => {
  it('uses a matcher turn only when the last user text contains its string', async () => {
    const client = await start([
      { match: 'weather', content: [{ type: 'text', text: 'It is sunny.' }] },
      { content: [{ type: 'text', text: 'Plain reply.' }] },
    ]);
    const first = await client.messages.create(ask('tell me a joke'));
    expect(first.content).toEqual([{ type: 'text', text: 'Plain reply.' }]);
    expect(server!.remainingTurns()).toBe(1);
    const second = await client.messages.create(ask('how is the weather?'));
    expect(second.content).toEqual([{ type: 'text', text: 'It is sunny.' }]);
    expect(server!.remainingTurns()).toBe(0);
  });

  it("matches against the last tool_result's text content", async () => {
    const client = await start([{ match: 'EXIT 1', content: [{ type: 'text', text: 'The command failed.' }] }]);
    const message = await client.messages.create({
      ...ask(''),
      messages: [
        { role: 'user', content: 'run it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'bash', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'EXIT 1: boom' }] }],
        },
      ],
    });
    expect(message.content).toEqual([{ type: 'text', text: 'The command failed.' }]);
  });

  it('says clearly when no waiting turn matches, without consuming it', async () => {
    const client = await start([{ match: 'never', content: [{ type: 'text', text: 'x' }] }]);
    const message = await client.messages.create(ask('something else'));
    expect(message.stop_reason).toBe('end_turn');
    expect(message.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('"never"') });
    expect(server!.remainingTurns()).toBe(1);
  });

  it('answers the fallback text with end_turn once the script is used up', async () => {
    const client = await start([{ content: [{ type: 'text', text: 'only one' }] }]);
    await client.messages.create(ask('1'));
    for (const _ of [1, 2]) {
      const message = await client.messages.create(ask('again'));
      expect(message.content).toEqual([{ type: 'text', text: DEFAULT_FALLBACK_TEXT }]);
      expect(message.stop_reason).toBe('end_turn');
    }
  });

  it('uses a custom fallback text and replaces the remaining turns with setScript', async () => {
    const client = await start([{ content: [{ type: 'text', text: 'old' }] }]);
    server!.setScript({ turns: [{ content: [{ type: 'text', text: 'new' }] }], fallbackText: 'all done' });
    expect((await client.messages.create(ask('1'))).content).toEqual([{ type: 'text', text: 'new' }]);
    expect((await client.messages.create(ask('2'))).content).toEqual([{ type: 'text', text: 'all done' }]);
  });
});
