/**
 * The API's server tools through the provider and the strict mock: a server tool's definition
 * goes out with its opt-in header, its blocks come back opaque, and a cited text keeps its
 * citations and sends them back as they came (the next request is accepted by the mock).
 */
import { ScriptBuilder, startMockServer } from '@coding-harness/mock-anthropic';
import type { MockServer } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message, ModelEvent, ModelRequest, ToolSpec } from '../../index.js';
import { createAnthropicProvider } from './provider.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const FETCH: ToolSpec = {
  name: 'web_fetch',
  description: '',
  inputSchema: { type: 'object' },
  server: {
    type: 'web_fetch_20250910',
    config: { max_uses: 2, citations: { enabled: true } },
    betas: ['web-fetch-2025-09-10'],
  },
};

async function reply(provider: ReturnType<typeof createAnthropicProvider>, request: ModelRequest): Promise<Message> {
  let done: Message | undefined;
  for await (const e of provider.stream(request, new AbortController().signal) as AsyncIterable<ModelEvent>) {
    if (e.type === 'done') done = e.message;
    if (e.type === 'error') throw new Error(e.error.message);
  }
  if (!done) throw new Error('no reply');
  return done;
}

describe('server tools through the Anthropic provider', () => {
  it('sends the definition with its beta, keeps the result blocks and the citations, and sends both back', async () => {
    const server = await startMockServer({
      script: new ScriptBuilder()
        .turn({
          content: [
            { type: 'web_fetch', url: 'https://docs.example.com/x', title: 'X', text: 'x is 42' },
            {
              type: 'text',
              text: 'x is 42.',
              citations: [{ url: 'https://docs.example.com/x', citedText: 'x is 42' }],
            },
          ],
        })
        .text('ok')
        .build(),
    });
    servers.push(server);
    const provider = createAnthropicProvider({ apiKey: 'k', baseURL: server.url });
    const user: Message = { role: 'user', content: [{ type: 'text', text: 'read https://docs.example.com/x' }] };
    const base = { model: 'claude-sonnet-5-5', maxTokens: 1024, system: [{ text: 'sys' }], tools: [FETCH] };
    const first = await reply(provider, { ...base, messages: [user] });
    expect(server.messageRequests()[0]!.headers['anthropic-beta']).toBe('web-fetch-2025-09-10');
    expect((server.messageRequests()[0]!.body as { tools: unknown[] }).tools).toEqual([
      { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 2, citations: { enabled: true } },
    ]);
    expect(first.content.map((p) => (p.type === 'provider' ? p.kind : p.type))).toEqual([
      'server_tool_use',
      'web_fetch_tool_result',
      'text',
    ]);
    const text = first.content[2]!;
    expect(text.type === 'text' && text.meta?.anthropic?.citations).toMatchObject([
      { type: 'web_search_result_location', url: 'https://docs.example.com/x', cited_text: 'x is 42' },
    ]);
    await reply(provider, {
      ...base,
      messages: [user, first, { role: 'user', content: [{ type: 'text', text: 'thanks' }] }],
    });
    const sent = (
      server.messageRequests()[1]!.body as { messages: { content: { type: string; citations?: unknown[] }[] }[] }
    ).messages[1]!.content;
    expect(sent.map((b) => b.type)).toEqual(['server_tool_use', 'web_fetch_tool_result', 'text']);
    expect(sent[2]!.citations).toEqual(text.type === 'text' ? text.meta?.anthropic?.citations : undefined);
  });
});
