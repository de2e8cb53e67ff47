import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from './server.js';
import { startMockServer } from './server.js';

type TextBlock = Anthropic.TextBlockParam;
type MessageParam = Anthropic.MessageParam;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A text block worth exactly `tokens` tokens under the documented estimate (text chars / 4). */
const text = (tokens: number, seed = 'a'): TextBlock => ({ type: 'text', text: seed.repeat(tokens * 4) });
const cached = (block: TextBlock): TextBlock => ({ ...block, cache_control: { type: 'ephemeral' } });
const user = (...content: TextBlock[]): MessageParam => ({ role: 'user', content });
const assistant = (...content: TextBlock[]): MessageParam => ({ role: 'assistant', content });

async function client(opts: { now?: () => number } = {}): Promise<Anthropic> {
  server = await startMockServer({ script: [], ...opts });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

async function usage(
  c: Anthropic,
  system: TextBlock[],
  messages: MessageParam[],
  model = 'claude-opus-4-8',
): Promise<Anthropic.Usage> {
  return (await c.messages.create({ model, max_tokens: 100, system, messages })).usage;
}

const cacheOf = (u: Anthropic.Usage) => ({
  read: u.cache_read_input_tokens,
  write: u.cache_creation_input_tokens,
  input: u.input_tokens,
});

describe('prompt cache accounting', () => {
  it('three requests with a moving breakpoint: each reads the previous prefix and writes only the new part', async () => {
    const c = await client();
    const SYS = 1200,
      A = 300,
      B = 50,
      C = 100,
      D = 200,
      E = 80,
      F = 120;
    const system = [text(SYS, 's')];

    const first = await usage(c, system, [user(cached(text(A, 'a')), text(B, 'b'))]);
    expect(cacheOf(first)).toEqual({ read: 0, write: SYS + A, input: B });

    const second = await usage(c, system, [
      user(text(A, 'a'), text(B, 'b')),
      assistant(text(C, 'c')),
      user(cached(text(D, 'd'))),
    ]);
    expect(cacheOf(second)).toEqual({ read: SYS + A, write: B + C + D, input: 0 });

    const third = await usage(c, system, [
      user(text(A, 'a'), text(B, 'b')),
      assistant(text(C, 'c')),
      user(text(D, 'd')),
      assistant(text(E, 'e')),
      user(cached(text(F, 'f')), text(10, 'g')),
    ]);
    expect(cacheOf(third)).toEqual({ read: SYS + A + B + C + D, write: E + F, input: 10 });
  });

  it('streams the same accounting in message_start and message_delta', async () => {
    const c = await client();
    const messages = [user(cached(text(1100)), text(7, 'z'))];
    await usage(c, [], messages);
    const events: Anthropic.MessageStreamEvent[] = [];
    for await (const e of await c.messages.create({ model: 'claude-opus-4-8', max_tokens: 10, messages, stream: true }))
      events.push(e);
    const start = events.find((e) => e.type === 'message_start');
    const delta = events.find((e) => e.type === 'message_delta');
    expect(start?.type === 'message_start' && cacheOf(start.message.usage)).toEqual({ read: 1100, write: 0, input: 7 });
    expect(delta?.type === 'message_delta' && delta.usage.cache_read_input_tokens).toBe(1100);
  });

  it('neither writes nor reads a prefix under the model minimum (1024 on Opus 4.8); 1024 exactly is cached', async () => {
    const c = await client();
    const short = [user(cached(text(1023)), text(5, 'q'))];
    expect(cacheOf(await usage(c, [], short))).toEqual({ read: 0, write: 0, input: 1028 });
    expect(cacheOf(await usage(c, [], short))).toEqual({ read: 0, write: 0, input: 1028 });

    const exact = [user(cached(text(1024)), text(5, 'q'))];
    expect(cacheOf(await usage(c, [], exact))).toEqual({ read: 0, write: 1024, input: 5 });
    expect(cacheOf(await usage(c, [], exact))).toEqual({ read: 1024, write: 0, input: 5 });
  });

  it('a changed early block invalidates everything after it', async () => {
    const c = await client();
    const messages = [user(text(600, 'm')), assistant(text(100, 'n')), user(cached(text(500, 'o')))];
    expect(cacheOf(await usage(c, [text(100, 's')], messages))).toEqual({ read: 0, write: 1300, input: 0 });
    const changedSystem = [{ type: 'text' as const, text: `${'s'.repeat(399)}S` }];
    expect(cacheOf(await usage(c, changedSystem, messages))).toEqual({ read: 0, write: 1300, input: 0 });
    const changedFirstMessage = [user(text(600, 'M')), ...messages.slice(1)];
    expect(cacheOf(await usage(c, [text(100, 's')], changedFirstMessage))).toEqual({ read: 0, write: 1300, input: 0 });
    expect(cacheOf(await usage(c, [text(100, 's')], messages))).toEqual({ read: 1300, write: 0, input: 0 });
  });

  it('a changed tool definition invalidates the system and messages after it', async () => {
    server = await startMockServer({ script: [] });
    const c = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const tool = (description: string): Anthropic.Tool => ({
      name: 'read_file',
      description,
      input_schema: { type: 'object', properties: {} },
    });
    const request = (description: string) => ({
      model: 'claude-sonnet-5-5',
      max_tokens: 10,
      tools: [tool(description)],
      system: [cached(text(1100))],
      messages: [user(text(3))],
    });
    const write = (await c.messages.create(request('Read a file.'))).usage;
    expect(write.cache_read_input_tokens).toBe(0);
    expect((await c.messages.create(request('Read a file.'))).usage.cache_read_input_tokens).toBe(
      write.cache_creation_input_tokens,
    );
    expect((await c.messages.create(request('Read one file.'))).usage.cache_read_input_tokens).toBe(0);
  });

  it('a different model misses the cache', async () => {
    const c = await client();
    const messages = [user(cached(text(2000)))];
    await usage(c, [], messages, 'claude-sonnet-5-5');
    expect(cacheOf(await usage(c, [], messages, 'claude-opus-5-5'))).toEqual({ read: 0, write: 2000, input: 0 });
    expect(cacheOf(await usage(c, [], messages, 'claude-sonnet-5-5'))).toEqual({ read: 2000, write: 0, input: 0 });
  });

  it('the same text under another role is a different prefix', async () => {
    const c = await client();
    await usage(c, [], [user(text(10)), assistant(cached(text(1500))), user(text(1, 'x'))]);
    expect(cacheOf(await usage(c, [], [user(text(10)), user(cached(text(1500))), user(text(1, 'x'))]))).toEqual({
      read: 0,
      write: 1510,
      input: 1,
    });
  });

  it('looks back at most 20 blocks from a breakpoint', async () => {
    const prefix = [user(cached(text(1500)))];
    const extended = (extra: number, extraBreakpointAt?: number): MessageParam[] => [
      user(text(1500)),
      assistant(
        ...Array.from({ length: extra }, (_, i) =>
          i === extra - 1 || i === extraBreakpointAt ? cached(text(1, String(i % 10))) : text(1, String(i % 10)),
        ),
      ),
      user(text(1, 'z')),
    ];

    // Written prefix ends at block 0; a breakpoint at block 19 still sees it (19 blocks back).
    const near = await client();
    await usage(near, [], prefix);
    expect(cacheOf(await usage(near, [], extended(19)))).toEqual({ read: 1500, write: 19, input: 1 });
    await server!.close();

    // At block 20 it is out of reach: a miss, the whole prefix written again.
    const far = await client();
    await usage(far, [], prefix);
    expect(cacheOf(await usage(far, [], extended(20)))).toEqual({ read: 0, write: 1520, input: 1 });
    await server!.close();

    // An extra breakpoint within reach of the old prefix brings the hit back.
    const helped = await client();
    await usage(helped, [], prefix);
    expect(cacheOf(await usage(helped, [], extended(20, 4)))).toEqual({ read: 1500, write: 20, input: 1 });
  });

  it('expires a prefix after the TTL, refreshing it on every read', async () => {
    let now = 0;
    const c = await client({ now: () => now });
    const messages = [user(cached(text(1100)))];
    const minutes = (m: number) => m * 60_000;
    expect((await usage(c, [], messages)).cache_creation_input_tokens).toBe(1100);
    now = minutes(4);
    expect((await usage(c, [], messages)).cache_read_input_tokens).toBe(1100);
    now = minutes(8.5);
    expect((await usage(c, [], messages)).cache_read_input_tokens).toBe(1100);
    now = minutes(13.5) + 1;
    expect(cacheOf(await usage(c, [], messages))).toEqual({ read: 0, write: 1100, input: 0 });
  });

  it('a read through the lookback refreshes the prefix it hit', async () => {
    let now = 0;
    const c = await client({ now: () => now });
    const minutes = (m: number) => m * 60_000;
    const base = text(1100);
    await usage(c, [], [user(cached(base))]);
    now = minutes(4);
    expect(cacheOf(await usage(c, [], [user(base, text(1, 'x'), text(1, 'y'), cached(text(1, 'z')))]))).toEqual({
      read: 1100,
      write: 3,
      input: 0,
    });
    now = minutes(8.5);
    expect(cacheOf(await usage(c, [], [user(base, text(1, 'x'), cached(text(1, 'w')))]))).toEqual({
      read: 1100,
      write: 2,
      input: 0,
    });
  });
});
