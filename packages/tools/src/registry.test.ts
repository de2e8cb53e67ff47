import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { resultText } from '@coding-harness/model';
import { defineTool } from './define-tool.js';
import { BUILTIN_TOOL_NAMES, builtinRuleNames, createToolRegistry } from './registry.js';
import { ruleEntryOf } from './rule-table.js';
import type { Tool } from './types.js';

let root: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'registry-')));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('tool registry', () => {
  it('keeps a stable order and byte-identical definitions across calls and registries', () => {
    const a = createToolRegistry({ rgPath: null });
    const b = createToolRegistry({ rgPath: null });
    expect(a.tools.map((t) => t.name)).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'write_file', 'bash']);
    const first = JSON.stringify(a.definitions());
    expect(JSON.stringify(a.definitions())).toBe(first);
    expect(JSON.stringify(b.definitions())).toBe(first);
    expect(first).not.toContain('$schema');
    for (const d of a.definitions()) expect(d.input_schema.type).toBe('object');
  });

  it('returns an error result, never throws, for unknown tools and bad input, naming the field', () => {
    const reg = createToolRegistry({ rgPath: null });
    const unknown = reg.prepare('rm_rf', {}, { root });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(resultText(unknown.result.content)).toContain('read_file, glob');
    const bad = reg.prepare('read_file', { path: 42 }, { root });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.result.isError).toBe(true);
      expect(resultText(bad.result.content)).toContain('path');
    }
    const notObject = reg.prepare('bash', 'ls', { root });
    expect(notObject.ok).toBe(false);
    const badEnum = reg.prepare('grep', { pattern: 'x', output: 'lines' }, { root });
    expect(!badEnum.ok && resultText(badEnum.result.content)).toContain('output');
  });

  it('prepares a valid call with a summary and a permission target', () => {
    const reg = createToolRegistry({ rgPath: null });
    const p = reg.prepare('edit_file', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }, { root });
    expect(p.ok && { summary: p.summary, permission: p.permission }).toEqual({
      summary: 'edit_file src/a.ts',
      permission: { target: 'src/a.ts', insideRoot: true },
    });
    const out = reg.prepare('write_file', { path: '/etc/x', content: '' }, { root });
    expect(out.ok && out.permission).toEqual({ target: '/etc/x', insideRoot: false });
    const sh = reg.prepare('bash', { command: 'git status' }, { root });
    expect(sh.ok && sh.permission).toEqual({ target: 'git status' });
    expect(sh.ok && sh.tool.kind).toBe('exec');
  });
});

/** A tool a library user might write: one file declaring everything about itself. */
function weatherTool(name = 'weather'): Tool<{ city: string }> {
  return defineTool({
    name,
    description: 'The weather in a city.',
    kind: 'read',
    ruleNames: ['Weather'],
    pathFields: [],
    schema: z.object({ city: z.string() }),
    summarize: (input) => `weather ${input.city}`,
    permission: (input) => ({ target: input.city }),
    execute: async (input) => ({
      content: [{ type: 'text', text: `sunny in ${input.city}` }],
      display: 'sunny',
      isError: false,
    }),
  });
}

describe('an open registry', () => {
  it('takes a tool it does not know, after the built-in ones, and prepares its calls', () => {
    const reg = createToolRegistry({ rgPath: null, tools: [weatherTool()] });
    expect(reg.tools.map((t) => t.name)).toEqual([...BUILTIN_TOOL_NAMES, 'weather']);
    expect(reg.definitions().at(-1)).toEqual({
      name: 'weather',
      description: 'The weather in a city.',
      input_schema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    });
    const call = reg.prepare('weather', { city: 'Oslo' }, { root });
    expect(call.ok && { summary: call.summary, permission: call.permission }).toEqual({
      summary: 'weather Oslo',
      permission: { target: 'Oslo' },
    });
  });

  it('drops built-in tools named in omit: absent from tools, definitions and the rule table', () => {
    const reg = createToolRegistry({ rgPath: null, omit: ['bash', 'write_file'] });
    for (const names of [
      reg.tools.map((t) => t.name),
      reg.definitions().map((d) => d.name),
      reg.ruleNames().map((e) => e.name),
    ]) {
      expect(names).toEqual(['read_file', 'glob', 'grep', 'edit_file']);
    }
    expect(reg.prepare('bash', { command: 'ls' }, { root }).ok).toBe(false);
  });

  it('hands out its rule table as data: our name, kind, Claude Code names, path fields, specifier', () => {
    const later = { ...ruleEntryOf(weatherTool('forecast')), ruleNames: ['Forecast'] };
    const reg = createToolRegistry({ rgPath: null, tools: [weatherTool()], ruleEntries: [later] });
    expect(reg.ruleNames()).toBe(reg.ruleNames());
    expect(reg.ruleNames().map((e) => [e.name, e.kind, e.ruleNames, e.pathFields, e.specifier])).toEqual([
      ['read_file', 'read', ['Read'], ['path'], 'path'],
      ['glob', 'read', ['Glob'], ['path'], 'path'],
      ['grep', 'read', ['Grep'], ['path'], 'path'],
      ['edit_file', 'write', ['Edit', 'MultiEdit'], ['path'], 'path'],
      ['write_file', 'write', ['Write'], ['path'], 'path'],
      ['bash', 'exec', ['Bash'], [], 'command'],
      ['weather', 'read', ['Weather'], [], 'none'],
      // A tool that is not in the registry (one that joins later), so rules naming it stay valid.
      ['forecast', 'read', ['Forecast'], [], 'none'],
    ]);
  });

  it('the built-in rule table names the built-in tools in order, plus the extra entries given', () => {
    expect(builtinRuleNames().map((e) => e.name)).toEqual([...BUILTIN_TOOL_NAMES]);
    const extra = ruleEntryOf(weatherTool());
    expect(builtinRuleNames([extra]).map((e) => e.name)).toEqual([...BUILTIN_TOOL_NAMES, 'weather']);
  });

  it('refuses contradictory options as programmer errors, naming what clashes', () => {
    expect(() => createToolRegistry({ tools: [weatherTool('bash')] })).toThrow(
      /tools bash and bash both answer to the rule name "bash"/,
    );
    expect(() => createToolRegistry({ tools: [{ ...weatherTool(), ruleNames: ['Read'] }] })).toThrow(
      /read_file and weather .*"read"/,
    );
    expect(() => createToolRegistry({ tools: [weatherTool(), weatherTool()] })).toThrow(/weather and weather/);
    expect(() => createToolRegistry({ tools: [weatherTool('has space')] })).toThrow(/not one the API accepts/);
    expect(() => createToolRegistry({ omit: ['rm_rf'] })).toThrow(/omit names no built-in tool: rm_rf/);
    // Dropping a built-in frees its names for your own tool.
    const own = createToolRegistry({
      rgPath: null,
      omit: ['bash'],
      tools: [{ ...weatherTool('bash'), ruleNames: ['Bash'] }],
    });
    expect(own.get('bash')?.description).toBe('The weather in a city.');
  });
});
