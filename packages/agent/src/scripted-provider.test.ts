/**
 * The loop over a second provider: the scripted one of the model package, which speaks no wire
 * format at all. A whole turn with a tool call runs through it, and a session moves between it
 * and the Anthropic provider (against the strict mock) without either seeing the other's format.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createPolicy } from '@coding-harness/approval';
import type { ModelProvider } from '@coding-harness/model';
import { createProviderRegistry, resultText } from '@coding-harness/model';
import { createAnthropicProvider } from '@coding-harness/model/anthropic';
import { createScriptedProvider } from '@coding-harness/model/scripted';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import {
  body,
  cleanup,
  mockServer,
  ofType,
  tempDir,
  transcriptProblems,
  turn,
  turnEnd,
} from './testing/kit.test.util.js';

afterEach(cleanup);

async function agentOver(providers: readonly ModelProvider[], model: string, workroot: string) {
  const registry = createToolRegistry();
  return createAgent({
    providers: createProviderRegistry(providers),
    model,
    registry,
    policy: createPolicy({ mode: 'default', tools: registry.ruleNames() }),
    workroot,
    clock: () => new Date('2026-12-01T12:00:00Z'),
  });
}

describe('a turn through the scripted provider', () => {
  it('calls a tool, sends its result back as parts, and ends with the answer; the requests are neutral', async () => {
    const workroot = await tempDir('scripted-root-');
    await writeFile(join(workroot, 'notes.txt'), 'alpha\n');
    const scripted = createScriptedProvider({
      replies: [
        {
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_call', id: 'call_1', name: 'read_file', input: { path: 'notes.txt' } },
          ],
        },
        { content: [{ type: 'text', text: 'It says alpha.' }], usage: { input: 40, output: 5 } },
      ],
    });
    const agent = await agentOver([scripted], 'scripted-1', workroot);
    const events = await turn(agent, 'what do the notes say?');

    expect(turnEnd(events).stopReason).toBe('end_turn');
    expect(ofType(events, 'text_delta').map((e) => e.text)).toEqual(['Reading.', 'It says alpha.']);
    expect(ofType(events, 'tool_call_finished')).toMatchObject([
      { callId: 'call_1', name: 'read_file', isError: false },
    ]);
    expect(ofType(events, 'usage').map((e) => e.usage)).toEqual([
      { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      { input: 40, output: 5, cacheRead: 0, cacheWrite: 0 },
    ]);
    expect(transcriptProblems(agent.messages())).toEqual([]);

    const [first, second] = scripted.requests();
    expect(first).toMatchObject({ model: 'scripted-1', maxTokens: 8_000 });
    expect(first).not.toHaveProperty('thinking');
    expect(first!.tools.map((t) => t.name)).toContain('read_file');
    expect(first!.tools[0]).toHaveProperty('inputSchema.type', 'object');
    expect(first!.system[0]!.text).toContain(`Work root: ${workroot}`);
    const result = second!.messages[2]!.content[0];
    expect(result).toMatchObject({ type: 'tool_result', callId: 'call_1' });
    expect(result?.type === 'tool_result' && resultText(result.content)).toContain('alpha');
    expect(second!.cache).toEqual({
      system: true,
      tools: true,
      messages: [
        { message: 0, part: 0 },
        { message: 2, part: 0 },
      ],
    });
  });

  it('a session moves between the Anthropic provider and the scripted one; each gets what it can read', async () => {
    const workroot = await tempDir('scripted-root-');
    const server = await mockServer(
      new ScriptBuilder()
        .turn({
          content: [
            { type: 'thinking', thinking: 'first thoughts' },
            { type: 'text', text: 'From Claude.' },
          ],
        })
        .text('Claude again.')
        .build(),
    );
    const scripted = createScriptedProvider({ replies: [{ content: [{ type: 'text', text: 'From the script.' }] }] });
    const anthropic = createAnthropicProvider({ apiKey: 'test', baseURL: server.url });
    const agent = await agentOver([anthropic, scripted], 'claude-sonnet-5-5', workroot);

    expect(turnEnd(await turn(agent, 'one')).stopReason).toBe('end_turn');
    expect(agent.setModel('scripted/scripted-1')).toEqual([]);
    expect(turnEnd(await turn(agent, 'two')).stopReason).toBe('end_turn');
    // The scripted provider got the Anthropic reply as neutral parts, its signature in meta.
    const seen = scripted.requests()[0]!.messages[1]!;
    expect(seen.content[0]).toMatchObject({ type: 'thinking', text: 'first thoughts', meta: { anthropic: {} } });
    expect(agent.setModel('claude-sonnet-5-5')).toEqual([]);
    const three = await turn(agent, 'three');
    expect(ofType(three, 'error')).toEqual([]);
    expect(turnEnd(three).stopReason).toBe('end_turn');
    // The mock got the scripted reply as a plain text block, and accepted the whole conversation.
    const sent = body(server, 1).messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(sent[3]!.content).toEqual([{ type: 'text', text: 'From the script.' }]);
    expect(sent[1]!.content[0]).toMatchObject({ type: 'thinking', signature: expect.any(String) });
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
