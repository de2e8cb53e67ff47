/** The tool search tool through the real SDK: definitions and deferred loading checked as the API does, searches scripted or run, calls of unseen tools refused. */
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { ask, closeAll, refusal, serve } from './test-support.test-util.js';

afterEach(closeAll);

type Tools = Anthropic.MessageCreateParams['tools'];
const REGEX = { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' } as const;
const BM25 = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' } as const;
const tool = (name: string, description: string, deferred = true) => ({
  name,
  description,
  input_schema: { type: 'object' as const, properties: { id: { type: 'string' } } },
  ...(deferred ? { defer_loading: true } : {}),
});
const READ = tool('read_file', 'Reads a file', false);
const WEATHER = tool('get_weather', 'The weather of a city');
const ISSUE = tool('create_issue', 'Opens a GitHub issue');

describe('tool search', () => {
  it('refuses malformed search tools and deferred-loading mistakes the way the API does', async () => {
    const { client } = await serve();
    const create = (tools: unknown, messages?: Anthropic.MessageParam[]) =>
      refusal(client.messages.create({ ...ask('hi'), ...(messages ? { messages } : {}), tools: tools as Tools }));
    expect((await create([{ ...REGEX, name: 'search' }, READ])).message).toBe(
      "tools.0.tool_search_tool_regex_20251119.name: Input should be 'tool_search_tool_regex'",
    );
    expect((await create([{ ...BM25, max_uses: 3 }, READ])).message).toBe(
      'tools.0.tool_search_tool_bm25_20251119.max_uses: Extra inputs are not permitted',
    );
    expect((await create([{ ...REGEX, defer_loading: true }, READ])).message).toMatch(
      /tool search tool cannot be deferred/,
    );
    expect((await create([WEATHER, ISSUE])).message).toMatch(/All tools have defer_loading set/);
    const unresolved = await create(
      [REGEX, READ, WEATHER],
      [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_regex', input: { query: 'x' } },
            {
              type: 'tool_search_tool_result',
              tool_use_id: 'srvtoolu_1',
              content: {
                type: 'tool_search_tool_search_result',
                tool_references: [{ type: 'tool_reference', tool_name: 'gone_tool' }],
              },
            },
            { type: 'text', text: 'hm' },
          ],
        },
        { role: 'user', content: 'and?' },
      ],
    );
    expect(unresolved.status).toBe(400);
    expect(unresolved.message).toBe("Tool reference 'gone_tool' has no corresponding tool definition in tools");
  });

  it('a regex search finds deferred tools and streams its blocks; the found tool is then callable', async () => {
    const { client, server } = await serve([
      {
        content: [
          { type: 'tool_search', query: 'weather|forecast' },
          { type: 'tool_use', name: 'get_weather', input: { id: 'paris' } },
        ],
      },
    ]);
    const reply = await client.messages
      .stream({ ...ask('weather?'), tools: [REGEX, READ, WEATHER, ISSUE] })
      .finalMessage();
    expect(reply.content.map((b) => b.type)).toEqual(['server_tool_use', 'tool_search_tool_result', 'tool_use']);
    expect(reply.content[0]).toMatchObject({ name: 'tool_search_tool_regex', input: { query: 'weather|forecast' } });
    expect((reply.content[1] as Anthropic.ToolSearchToolResultBlock).content).toEqual({
      type: 'tool_search_tool_search_result',
      tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }],
    });
    expect(reply.stop_reason).toBe('tool_use');
    expect(server.messageRequests()).toHaveLength(1);
  });

  it('bm25 matches words; a scripted error comes back as the result error', async () => {
    const { client } = await serve([
      {
        content: [
          { type: 'tool_search', query: 'github issue' },
          { type: 'text', text: 'found' },
        ],
      },
      {
        content: [
          { type: 'tool_search', query: 'x', error: 'unavailable' },
          { type: 'text', text: 'no' },
        ],
      },
    ]);
    const found = await client.messages.create({ ...ask('issue'), tools: [BM25, READ, WEATHER, ISSUE] });
    expect((found.content[1] as Anthropic.ToolSearchToolResultBlock).content).toMatchObject({
      tool_references: [{ tool_name: 'create_issue' }],
    });
    const failed = await client.messages.create({ ...ask('again'), tools: [BM25, READ, WEATHER, ISSUE] });
    expect((failed.content[1] as Anthropic.ToolSearchToolResultBlock).content).toEqual({
      type: 'tool_search_tool_result_error',
      error_code: 'unavailable',
      error_message: null,
    });
  });

  it('refuses a script that calls a deferred tool no search referenced, or searches without a search tool', async () => {
    const { client } = await serve([
      { content: [{ type: 'tool_use', name: 'get_weather', input: {} }] },
      { content: [{ type: 'tool_search', query: 'weather' }] },
      { content: [{ type: 'tool_search', query: 'x', tools: ['read_file'] }] },
    ]);
    const unseen = await refusal(client.messages.create({ ...ask('w'), tools: [REGEX, READ, WEATHER] }));
    expect(unseen.status).toBe(500);
    expect(unseen.message).toMatch(/calls get_weather, a deferred tool no tool search has referenced/);
    const noTool = await refusal(client.messages.create({ ...ask('w'), tools: [READ, WEATHER] }));
    expect(noTool.message).toMatch(/offers no tool search tool/);
    const notDeferred = await refusal(client.messages.create({ ...ask('w'), tools: [REGEX, READ, WEATHER] }));
    expect(notDeferred.message).toMatch(/returns read_file, which is not a deferred tool/);
  });

  it('a deferred tool referenced earlier in the conversation is callable without a new search', async () => {
    const { client } = await serve([{ content: [{ type: 'tool_use', name: 'get_weather', input: { id: 'rome' } }] }]);
    const reply = await client.messages.create({
      ...ask('x'),
      tools: [REGEX, READ, WEATHER],
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_1', name: 'tool_search_tool_regex', input: { query: 'weather' } },
            {
              type: 'tool_search_tool_result',
              tool_use_id: 'srvtoolu_1',
              content: {
                type: 'tool_search_tool_search_result',
                tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }],
              },
            },
            { type: 'text', text: 'I can look it up.' },
          ],
        },
        { role: 'user', content: 'rome then' },
      ],
    });
    expect(reply.content[0]).toMatchObject({ type: 'tool_use', name: 'get_weather' });
  });
});
