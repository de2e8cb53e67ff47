import { resultText } from '@coding-harness/model';
import { createToolRegistry } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { anthropicAt } from './testing/kit.test.util.js';
import { restrictRegistry } from './thread.js';
import { resolveModelChoice as resolve } from './turn-model.js';

const resolveModel = (text: string): string | undefined => resolve(text, anthropicAt('http://127.0.0.1:1'));

describe("a thread's tools", () => {
  it('a restricted registry refuses a tool outside its list as unknown, naming the ones it has', () => {
    const registry = createToolRegistry();
    const view = restrictRegistry(
      registry,
      registry.tools.filter((t) => t.kind === 'read'),
    );
    expect(view.get('bash')).toBeUndefined();
    expect(view.definitions().map((d) => d.name)).toEqual(['read_file', 'glob', 'grep']);
    const call = view.prepare('bash', { command: 'ls' }, { root: '/' });
    expect(call.ok).toBe(false);
    if (!call.ok)
      expect(resultText(call.result.content)).toBe('Unknown tool "bash". Available tools: read_file, glob, grep.');
    expect(view.ruleNames()).toBe(registry.ruleNames());
  });
});

describe('model aliases of a settings switch', () => {
  it('sonnet, opus and haiku name the newest model of the family in the catalogue; inherit keeps the turn', () => {
    expect(resolveModel('haiku')).toBe('claude-haiku-5-5');
    expect(resolveModel('Sonnet')).toBe('claude-sonnet-5-5');
    expect(resolveModel('opus')).toBe('claude-opus-5-5');
    expect(resolveModel('inherit')).toBeUndefined();
    expect(resolveModel('claude-haiku-4-5')).toBe('claude-haiku-4-5');
  });
});
