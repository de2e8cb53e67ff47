import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import type { Tool } from '@coding-harness/tools';
import { defineTool } from '@coding-harness/tools';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { body, cleanup, ofType, setup, turn } from './testing/kit.test.util.js';

afterEach(cleanup);

/** A library user's tool: the harness knows it only through what it declares. */
const calls: string[] = [];
const deployTool: Tool<{ target: string }> = defineTool({
  name: 'deploy',
  description: 'Deploys the project to a target.',
  kind: 'exec',
  ruleNames: ['Deploy'],
  pathFields: [],
  specifier: 'name',
  schema: z.object({ target: z.string() }),
  summarize: (input) => `deploy ${input.target}`,
  permission: (input) => ({ target: input.target }),
  execute: async (input) => {
    calls.push(input.target);
    return { content: [{ type: 'text', text: `deployed to ${input.target}` }], display: 'deployed', isError: false };
  },
});

const names = (tools: unknown): string[] => (tools as { name: string }[]).map((t) => t.name);

describe('a tool the harness does not ship, through the agent', () => {
  it('is sent, called, and allowed by a rule with its Claude-style name; dropped built-ins are absent from the request', async () => {
    calls.length = 0;
    const script = new ScriptBuilder()
      .toolUse('deploy', { target: 'staging' })
      .toolUse('deploy', { target: 'prod' })
      .text('done')
      .build();
    const { agent, server, ask } = await setup(script, {
      registry: { rgPath: null, tools: [deployTool], omit: ['bash', 'write_file'] },
      policy: { allow: ['Deploy(staging)'] },
      agent: { systemPrompt: 'You deploy things.' },
    });
    const events = await turn(agent, 'ship it');
    expect(names(body(server, 0).tools)).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'deploy']);
    expect((body(server, 0).system as { text: string }[])[0]?.text).toBe('You deploy things.');
    // staging by the rule, prod asked (and answered once by the scripted question).
    expect(ask.questions.map((q) => [q.tool, q.target])).toEqual([['deploy', 'prod']]);
    // The registry's rule entry for the outside tool is what "always" would use: a name rule.
    expect(ask.questions[0]?.alwaysRule).toBe('deploy(prod)');
    expect(calls).toEqual(['staging', 'prod']);
    expect(ofType(events, 'tool_call_finished').map((e) => [e.name, e.isError])).toEqual([
      ['deploy', false],
      ['deploy', false],
    ]);
  });
});

/** A 1x1 transparent PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe("a tool with a hand-written JSON Schema (an MCP server's, a library user's without zod)", () => {
  // Key order and keywords no zod schema would produce: the bytes must reach the API as written.
  const inputSchema = {
    type: 'object' as const,
    additionalProperties: false,
    required: ['city'],
    properties: {
      units: { enum: ['metric', 'imperial'], default: 'metric', description: 'Units.' },
      city: { minLength: 1, type: 'string', description: 'City name.' },
    },
    $defs: { unused: { type: 'null' } },
  };
  const snapshot: Tool<{ city: string; units?: string }> = {
    name: 'weather_map',
    description: 'A weather map of a city, as an image.',
    kind: 'read',
    ruleNames: [],
    pathFields: [],
    inputSchema,
    validate: (raw) => {
      const city = (raw as { city?: unknown } | null)?.city;
      return typeof city === 'string' && city !== ''
        ? { ok: true, input: { city } }
        : { ok: false, message: 'city: a non-empty string is required' };
    },
    summarize: (input) => `weather map of ${input.city}`,
    permission: (input) => ({ target: input.city }),
    execute: async (input) => ({
      content: [
        { type: 'text', text: `Map of ${input.city}:` },
        { type: 'image', mediaType: 'image/png', data: PIXEL_PNG },
      ],
      display: 'map',
      isError: false,
    }),
  };

  it('keeps its schema bytes in the request, and its image part reaches the model as an image block', async () => {
    const script = new ScriptBuilder()
      .toolUse('weather_map', { city: 'Oslo' })
      .toolUse('weather_map', {})
      .text('done')
      .build();
    const { agent, server } = await setup(script, { registry: { rgPath: null, tools: [snapshot] } });
    const events = await turn(agent, 'show me');
    const sent = (body(server, 0).tools as { name: string; input_schema: unknown }[]).find(
      (t) => t.name === 'weather_map',
    );
    expect(JSON.stringify(sent?.input_schema)).toBe(JSON.stringify(inputSchema));
    const result = body(server, 1).messages.at(-1)?.content[0];
    expect(result).toMatchObject({
      type: 'tool_result',
      tool_use_id: expect.any(String),
      content: [
        { type: 'text', text: 'Map of Oslo:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
      ],
    });
    // Its own validate answers a bad call, in its own words.
    const bad = ofType(events, 'tool_call_finished')[1];
    expect(bad?.isError).toBe(true);
    expect(bad?.content).toEqual([
      { type: 'text', text: 'Invalid input for weather_map: city: a non-empty string is required.' },
    ]);
    expect(server.messageRequests().filter((r) => r.rejected)).toEqual([]);
  });
});
