import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { Tool } from '@coding-harness/tools';
import { createToolRegistry, defineTool } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { body, cleanup, ofType, setup, turn } from './testing/kit.test.util.js';
import { restatedToolChanges } from './tool-additions.js';

afterEach(cleanup);

/** A tool that comes up after the session started (an MCP server that connected late, say). */
const lookup: Tool<{ key: string }> = defineTool({
  name: 'lookup',
  description: 'Looks a key up in the late service.',
  kind: 'read',
  ruleNames: [],
  pathFields: [],
  specifier: 'name',
  schema: z.object({ key: z.string() }),
  summarize: (input) => `lookup ${input.key}`,
  permission: (input) => ({ target: input.key }),
  execute: async (input) => ({
    content: [{ type: 'text', text: `value of ${input.key}` }],
    display: 'found',
    isError: false,
  }),
});

describe('addTools: tools offered after the first request', () => {
  it('reach the model in a system message, without a byte of the tool list changing, and their calls run', async () => {
    const script = new ScriptBuilder()
      .text('first')
      .toolUse('lookup', { key: 'answer' })
      .text('the value is in')
      .build();
    // The scripted user answers the tool's question (the policy knew no such tool at the start).
    const { agent, server } = await setup(script);
    await turn(agent, 'one');
    expect(agent.addTools({ registry: createToolRegistry({ tools: [lookup] }), names: ['lookup'] })).toEqual([]);
    const events = await turn(agent, 'look it up');
    expect(ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError])).toEqual([['lookup', false]]);
    const second = body(server, 1);
    expect(JSON.stringify(second.tools)).toBe(JSON.stringify(body(server, 0).tools));
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'system']);
    expect(second.messages[3]!.content[0]).toMatchObject({
      type: 'tool_addition',
      tool: {
        type: 'tool_definition',
        definition: { name: 'lookup', description: 'Looks a key up in the late service.' },
      },
    });
    expect(server.messageRequests()[1]!.headers['anthropic-beta']).toBe('inline-tools-2026-09-15');
    // The cached prefix survives: the second request reads the whole first one from cache.
    const usages = ofType(events, 'usage');
    expect(usages[0]!.usage.cacheRead).toBeGreaterThan(0);
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });

  it('on a model that takes no tools mid-conversation, says so and sends nothing', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('a').text('b').build(), {
      agent: { model: 'claude-sonnet-4-6' },
    });
    await turn(agent, 'one');
    const problems = agent.addTools({ registry: createToolRegistry({ tools: [lookup] }), names: ['lookup', 'nope'] });
    expect(problems).toEqual([
      'no tool named nope in the registry given',
      "claude-sonnet-4-6 takes no tools after a session's start: lookup will be offered in a new conversation (/clear)",
    ]);
    await turn(agent, 'two');
    expect(body(server, 1).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});

describe('tool changes a compaction would summarize away', () => {
  it("are stated again: the latest definition of each tool offered, and removals of the request's own tools only", () => {
    const spec = (name: string, description: string) => ({
      name,
      description,
      inputSchema: { type: 'object' as const },
    });
    const restated = restatedToolChanges(
      [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        {
          role: 'system',
          content: [
            { type: 'tool_addition', tool: spec('a', 'first') },
            { type: 'tool_addition', tool: spec('b', 'b') },
          ],
        },
        {
          role: 'system',
          content: [
            { type: 'tool_addition', tool: spec('a', 'second') },
            { type: 'tool_removal', name: 'b' },
            { type: 'tool_removal', name: 'grep' },
          ],
        },
      ],
      [spec('grep', 'search')],
    );
    expect(restated?.role).toBe('system');
    expect(restated?.content.filter((p) => p.type !== 'text')).toEqual([
      { type: 'tool_addition', tool: spec('a', 'second') },
      { type: 'tool_removal', name: 'grep' },
    ]);
    expect(restatedToolChanges([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], [])).toBeUndefined();
  });
});
