/** The server tools through the real SDK: definitions checked, searches and fetches scripted with the real limits, citations streamed. */
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, refusal, serve } from './test-support.test-util.js';

afterEach(closeAll);

const SEARCH = { type: 'web_search_20250305', name: 'web_search', max_uses: 2 } as const;
const FETCH = {
  type: 'web_fetch_20250910' as const,
  name: 'web_fetch' as const,
  allowed_domains: ['docs.example.com'],
};
const BETA = { headers: { 'anthropic-beta': 'web-fetch-2025-09-10' } };
type Tools = Anthropic.MessageCreateParams['tools'];

describe('server tools', () => {
  it('refuses malformed definitions the way the API does', async () => {
    const { client } = await serve();
    const create = (tools: unknown, opts = BETA) =>
      refusal(client.messages.create({ ...ask('hi'), tools: tools as Tools }, opts));
    expect((await create([{ ...SEARCH, allowed_domains: ['a.com'], blocked_domains: ['b.com'] }])).message).toBe(
      'tools.0.web_search_20250305: Cannot specify both allowed_domains and blocked_domains',
    );
    expect((await create([FETCH], {} as typeof BETA)).message).toMatch(
      /requires the anthropic-beta header "web-fetch-2025-09-10"/,
    );
    expect((await create([{ ...SEARCH, name: 'search' }])).message).toBe(
      "tools.0.web_search_20250305.name: Input should be 'web_search'",
    );
    expect((await create([{ ...SEARCH, max_uses: 0 }])).message).toMatch(/max_uses: Input should be greater than 0/);
    expect((await create([{ ...SEARCH, allowed_domains: ['https://a.com'] }])).message).toMatch(/leave out the scheme/);
    expect((await create([{ type: 'web_browse_2099', name: 'x' }])).message).toMatch(/Input tag 'web_browse_2099'/);
    expect((await create([SEARCH, SEARCH])).message).toMatch(/Tool names must be unique/);
  });

  it('a scripted search streams its call, results and cited text; usage counts it', async () => {
    const { client } = await serve([
      {
        content: [
          {
            type: 'web_search',
            query: 'node 24 release',
            results: [
              { url: 'https://nodejs.org/blog/24', title: 'Node 24' },
              { url: 'https://blocked.test/x', title: 'elsewhere' },
            ],
          },
          {
            type: 'text',
            text: 'Node 24 is out.',
            citations: [{ url: 'https://nodejs.org/blog/24', title: 'Node 24', citedText: 'Node 24 released' }],
          },
        ],
      },
    ]);
    const stream = client.messages.stream({
      ...ask('news?'),
      tools: [{ ...SEARCH, blocked_domains: ['blocked.test'] }],
    });
    const reply = await stream.finalMessage();
    expect(reply.content.map((b) => b.type)).toEqual(['server_tool_use', 'web_search_tool_result', 'text']);
    expect(reply.content[0]).toMatchObject({ name: 'web_search', input: { query: 'node 24 release' } });
    const results = (reply.content[1] as Anthropic.WebSearchToolResultBlock)
      .content as Anthropic.WebSearchResultBlock[];
    expect(results.map((r) => r.url)).toEqual(['https://nodejs.org/blog/24']);
    expect((reply.content[2] as Anthropic.TextBlock).citations).toMatchObject([
      { type: 'web_search_result_location', url: 'https://nodejs.org/blog/24', cited_text: 'Node 24 released' },
    ]);
    expect(reply.usage.server_tool_use).toMatchObject({ web_search_requests: 1, web_fetch_requests: 0 });
  });

  it('a fetch needs its URL in the conversation and inside allowed_domains; max_uses is enforced', async () => {
    const { client } = await serve([
      {
        content: [
          { type: 'web_fetch', url: 'https://docs.example.com/a', text: 'page a' },
          { type: 'web_fetch', url: 'https://docs.example.com/b', text: 'page b' },
          { type: 'web_fetch', url: 'https://evil.test/c', text: 'page c' },
          { type: 'web_search', query: 'one' },
          { type: 'web_search', query: 'two' },
          { type: 'web_search', query: 'three' },
          { type: 'text', text: 'done' },
        ],
      },
    ]);
    const reply = await client.messages.create(
      { ...ask('read https://docs.example.com/a and https://evil.test/c'), tools: [SEARCH, FETCH] },
      BETA,
    );
    const outcomes = reply.content
      .filter((b) => b.type.endsWith('_tool_result'))
      .map((b) => {
        const c = (b as { content: unknown }).content as { type: string; error_code?: string } | unknown[];
        return Array.isArray(c) ? 'results' : (c.error_code ?? c.type);
      });
    expect(outcomes).toEqual([
      'web_fetch_result',
      'url_not_in_prior_context',
      'url_not_allowed',
      'results',
      'results',
      'max_uses_exceeded',
    ]);
  });

  it('a turn scripted with a server tool the request does not offer fails loudly', async () => {
    const { client } = await serve([{ content: [{ type: 'web_search', query: 'x' }] }]);
    expect((await refusal(client.messages.create(ask('hi')))).message).toMatch(
      /the script's turn uses web_search, but the request does not offer that server tool/,
    );
  });

  it('a paused server-tool turn, sent back as it came, continues', async () => {
    const { client } = await serve([
      {
        content: [{ type: 'web_search', query: 'long', results: [{ url: 'https://a.test/', title: 'A' }] }],
        stopReason: 'pause_turn',
      },
      { content: [{ type: 'text', text: 'finished', citations: [{ url: 'https://a.test/', citedText: 'a' }] }] },
    ]);
    const paused = await client.messages.create({ ...ask('go'), tools: [SEARCH] });
    expect(paused.stop_reason).toBe('pause_turn');
    const done = await client.messages.create({
      ...ask(''),
      tools: [SEARCH],
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: paused.content as Anthropic.ContentBlockParam[] },
      ],
    });
    expect(done.stop_reason).toBe('end_turn');
    expect(done.content).toMatchObject([{ type: 'text', text: 'finished' }]);
  });
});
