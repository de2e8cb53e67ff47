import { createPolicy } from '@coding-harness/approval';
import { createProviderRegistry } from '@coding-harness/model';
import { createScriptedProvider } from '@coding-harness/model/scripted';
import { createToolRegistry } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from './agent.js';
import { deeperThan, jsonDepth, MAX_TOOL_INPUT_DEPTH } from './reply-limits.js';
import { cleanup, ofType, tempDir, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

/** An object nested `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

describe('a tool input nested too deeply', () => {
  it('is measured without recursing', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(deeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(deeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(deeperThan(nested(100_000), MAX_TOOL_INPUT_DEPTH)).toBe(true);
  });

  it('is dropped before the transcript: the call is answered "not run", the session goes on and serializes', async () => {
    const scripted = createScriptedProvider({
      replies: [
        {
          content: [
            { type: 'tool_call', id: 'deep', name: 'read_file', input: { path: nested(20_000) } },
            { type: 'tool_call', id: 'flat', name: 'read_file', input: { path: 'missing.txt' } },
          ],
        },
        { content: [{ type: 'text', text: 'ok' }] },
      ],
    });
    const registry = createToolRegistry();
    const agent = await createAgent({
      providers: createProviderRegistry([scripted]),
      model: 'scripted-1',
      registry,
      policy: createPolicy({ tools: registry.ruleNames() }),
      workroot: await tempDir(),
    });
    const events = await turn(agent, 'go');
    const finished = ofType(events, 'tool_call_finished');
    expect(finished.map((e) => [e.callId, e.display])).toEqual([
      ['deep', 'input nested too deeply'],
      ['flat', expect.not.stringMatching(/nested/)],
    ]);
    const second = JSON.stringify(scripted.requests()[1]);
    expect(second).toContain('its input nests more than 64 levels deep');
    expect(JSON.stringify(agent.messages())).toContain('"id":"deep","name":"read_file","input":{}');
  });
});
