// The gateway (mcp_search, mcp_call, the registry that resolves mcp_call) over plain tools.
import { createReadTracker, createToolContext, createToolRegistry } from '@coding-harness/tools';
import type { Tool } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { CALL_TOOL, callTool, gatewayRegistry, searchTool, searchTools } from './gateway.js';
import type { GatewaySource } from './gateway.js';
import { capParts } from './result.js';

const make = (name: string, description: string, kind: 'read' | 'exec' = 'exec'): Tool<Record<string, unknown>> => ({
  name,
  description,
  kind,
  ruleNames: [],
  pathFields: [],
  specifier: 'none',
  ruleGroup: 'mcp__gh',
  inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  validate: (raw) =>
    typeof (raw as { title?: unknown }).title === 'string'
      ? { ok: true, input: raw as Record<string, unknown> }
      : { ok: false, message: 'title must be a string' },
  summarize: (input) => `${name} ${JSON.stringify(input)}`,
  permission: () => ({ target: name }),
  execute: async (input) => ({
    content: [{ type: 'text', text: `ran ${name} ${String(input.title)}` }],
    display: 'ran',
    isError: false,
  }),
});

const tools = [
  make('mcp__gh__create_issue', 'Create an issue in a repository'),
  make('mcp__gh__list_repos', 'List repositories', 'read'),
];
const source: GatewaySource = { tools: () => tools, settled: async () => undefined, servers: () => ['gh', 'slow'] };
const ctx = () =>
  createToolContext({ root: process.cwd(), signal: new AbortController().signal, readTracker: createReadTracker() });

describe('the MCP gateway', () => {
  it('search ranks name hits over description hits and returns schemas', async () => {
    expect(searchTools(tools, 'issue').map((t) => t.name)).toEqual(['mcp__gh__create_issue']);
    expect(searchTools(tools, 'repository list').map((t) => t.name)).toEqual([
      'mcp__gh__list_repos',
      'mcp__gh__create_issue',
    ]);
    const result = await searchTool(source).execute({ query: 'issue' }, ctx());
    expect(result.content[0]).toMatchObject({ text: expect.stringContaining('"required":["title"]') });
    const none = await searchTool(source).execute({ query: 'weather' }, ctx());
    expect(none.content[0]).toMatchObject({
      text: 'no MCP tool matches "weather" (2 tools available: try other words)',
    });
  });

  it('the registry prepares mcp_call as the tool it names: its kind, summary and input checks', () => {
    const base = createToolRegistry({ rgPath: null, tools: [searchTool(source), callTool(source)] as Tool<unknown>[] });
    const registry = gatewayRegistry(base, source, () => new Set());
    const prepared = registry.prepare(
      CALL_TOOL,
      { tool: 'mcp__gh__list_repos', arguments: { title: 'x' } },
      { root: '/' },
    );
    expect(prepared).toMatchObject({ ok: true, tool: { name: 'mcp__gh__list_repos', kind: 'read' } });
    const bad = registry.prepare(CALL_TOOL, { tool: 'mcp__gh__create_issue', arguments: {} }, { root: '/' });
    expect(bad).toMatchObject({ ok: false });
    expect(registry.ruleNames().map((e) => e.name)).toContain('mcp__gh__create_issue');
    expect(registry.ruleNames()).toBe(registry.ruleNames());
    expect(registry.definitions().map((d) => d.name)).not.toContain('mcp__gh__create_issue');
  });

  it('a tool of a server still starting is a stand-in that asks and then says when the server has no such tool', async () => {
    const base = createToolRegistry({ rgPath: null });
    const registry = gatewayRegistry(base, source, () => new Set());
    const prepared = registry.prepare('mcp__slow__thing', {}, { root: '/' });
    expect(prepared).toMatchObject({
      ok: true,
      tool: { name: 'mcp__slow__thing', kind: 'exec', ruleGroup: 'mcp__slow' },
    });
    if (!prepared.ok) throw new Error('expected a stand-in');
    const result = await prepared.tool.execute({}, ctx());
    expect(result).toMatchObject({ isError: true, errorCode: 'not_found' });
    expect(registry.prepare('mcp__unknown__thing', {}, { root: '/' })).toMatchObject({ ok: false });
  });

  it('caps text, keeps images whole, and says how to raise the cap', () => {
    const parts = capParts(
      [
        { type: 'text', text: 'a'.repeat(30) },
        { type: 'image', mediaType: 'image/png', data: 'b'.repeat(1000) },
        { type: 'text', text: 'c'.repeat(30) },
      ],
      10,
    );
    expect(parts.map((p) => (p.type === 'text' ? p.text.length : p.type))).toEqual([
      30,
      'image',
      10,
      expect.any(Number),
    ]);
    expect(parts.at(-1)).toMatchObject({ text: expect.stringContaining('MAX_MCP_OUTPUT_TOKENS') });
  });
});
