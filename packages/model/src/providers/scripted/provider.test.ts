import { describe, expect, it } from 'vitest';
import type { ModelEvent, ModelRequest } from '../../index.js';
import { createScriptedProvider } from './index.js';

const request = (text: string): ModelRequest => ({
  model: 'scripted-1',
  maxTokens: 100,
  system: [],
  tools: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
});

async function events(stream: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const e of stream) out.push(e);
  return out;
}

describe('the scripted provider', () => {
  it('streams each reply as deltas then done, stop reason from its parts, and keeps every request', async () => {
    const provider = createScriptedProvider({
      replies: [
        {
          content: [
            { type: 'thinking', text: 'hm' },
            { type: 'tool_call', id: 'c1', name: 'glob', input: {} },
          ],
        },
        { content: [{ type: 'text', text: 'done' }], usage: { input: 5, output: 1 } },
      ],
    });
    const signal = new AbortController().signal;
    expect(await events(provider.stream(request('a'), signal))).toEqual([
      { type: 'thinking_delta', text: 'hm' },
      {
        type: 'done',
        message: {
          role: 'assistant',
          content: [
            { type: 'thinking', text: 'hm' },
            { type: 'tool_call', id: 'c1', name: 'glob', input: {} },
          ],
        },
        stopReason: 'tool_use',
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        truncatedToolCalls: [],
      },
    ]);
    const second = await events(provider.stream(request('b'), signal));
    expect(second.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn', usage: { input: 5, output: 1 } });
    expect(provider.requests().map((r) => r.messages[0]!.content[0])).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
  });

  it('a scripted failure, a request past the script and an aborted request end with one error', async () => {
    const provider = createScriptedProvider({ replies: [{ error: { kind: 'overloaded', message: 'busy' } }] });
    const signal = new AbortController().signal;
    expect(await events(provider.stream(request('a'), signal))).toEqual([
      { type: 'error', error: { kind: 'overloaded', message: 'busy' }, completed: [], usage: expect.any(Object) },
    ]);
    expect((await events(provider.stream(request('b'), signal)))[0]).toMatchObject({
      type: 'error',
      error: { kind: 'client', message: 'the script has no reply 2 (it has 1)' },
    });
    const aborted = new AbortController();
    aborted.abort();
    expect((await events(provider.stream(request('c'), aborted.signal)))[0]).toMatchObject({
      error: { kind: 'aborted' },
    });
  });

  it('describes the models it serves as known, any other as unknown, with the descriptor given', () => {
    const provider = createScriptedProvider({ models: ['m'], descriptor: { contextWindow: 1000 }, replies: [] });
    expect(provider.describe('m')).toMatchObject({ provider: 'scripted', id: 'm', known: true, contextWindow: 1000 });
    expect(provider.describe('x').known).toBe(false);
    expect(provider.serves('m') && !provider.serves('x')).toBe(true);
  });
});
