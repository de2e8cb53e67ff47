// Agent.addTools: tools that exist only after the agent was made (an MCP server that came up in
// the background) join the tool list before the first message, and never after it.
import { afterEach, describe, expect, it } from 'vitest';
import { createToolRegistry } from '@coding-harness/tools';
import type { Tool } from '@coding-harness/tools';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { cleanup, setup, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

const lookup: Tool<{ q: string }> = {
  name: 'lookup',
  description: 'Looks a word up',
  kind: 'read',
  ruleNames: [],
  pathFields: [],
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  validate: (raw) => ({ ok: true, input: raw as { q: string } }),
  summarize: (input) => `lookup ${input.q}`,
  permission: () => ({}),
  execute: async (input) => ({
    content: [{ type: 'text', text: `found ${input.q}` }],
    display: 'found',
    isError: false,
  }),
};

describe('Agent.addTools', () => {
  it('before the first message the tool is sent and runs; once the conversation began, the tools sent keep their bytes', async () => {
    const { agent, server } = await setup(
      new ScriptBuilder().toolUse('lookup', { q: 'mcp' }).text('done').text('again').build(),
      { registry: { rgPath: null } },
    );
    const later = createToolRegistry({ rgPath: null, tools: [lookup] });
    expect(agent.addTools({ registry: later, names: ['lookup', 'nope'] })).toEqual(['no tool nope in the registry']);
    const events = await turn(agent, 'look it up');
    expect(events.find((e) => e.type === 'tool_call_finished')).toMatchObject({
      isError: false,
      content: [{ text: 'found mcp' }],
    });
    const first = server.messageRequests()[0]?.body as { tools: { name: string }[] };
    expect(first.tools.at(-1)?.name).toBe('lookup');
    // Already in the list: nothing more to send, and the tool list keeps its bytes.
    expect(agent.addTools({ registry: later, names: ['lookup'] })).toEqual([]);
    await turn(agent, 'again');
    const bodies = server.messageRequests().map((r) => JSON.stringify((r.body as { tools: unknown }).tools));
    expect(new Set(bodies).size).toBe(1);
  });
});
