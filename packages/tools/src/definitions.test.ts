import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { defineTool } from './define-tool.js';
import { createToolRegistry, toolDefinition } from './registry.js';
import type { Tool } from './types.js';

// The `tools` request parameter, byte for byte. It is part of every request (and of the prompt
// cache key), so a change to a schema or a tool description must be deliberate: update
// fixtures/definitions.json in the same commit, with `JSON.stringify(definitions, null, 2)` + "\n".
const stored = fs.readFileSync(new URL('../fixtures/definitions.json', import.meta.url), 'utf8');

describe('tool definitions', () => {
  it('are byte-identical to fixtures/definitions.json (the tools without skill)', () => {
    const defs = createToolRegistry({ rgPath: null }).definitions();
    expect(JSON.stringify(defs)).toBe(JSON.stringify(JSON.parse(stored)));
    expect(`${JSON.stringify(defs, null, 2)}\n`).toBe(stored);
  });

  it('defineTool accepts a classic zod schema (any zod v4 schema will do)', () => {
    const schema = classic.object({ q: classic.string().min(1).describe('Query.') });
    const tool: Tool<classic.infer<typeof schema>> = defineTool({
      name: 'classic',
      description: 'A tool with a classic zod schema.',
      kind: 'read',
      ruleNames: [],
      pathFields: [],
      schema,
      summarize: (input) => `classic ${input.q}`,
      permission: () => ({}),
      execute: async () => ({ content: [], display: '', isError: false }),
    });
    expect(toolDefinition(tool as Tool<unknown>).input_schema).toEqual({
      type: 'object',
      properties: { q: { type: 'string', minLength: 1, description: 'Query.' } },
      required: ['q'],
      additionalProperties: false,
    });
  });
});
