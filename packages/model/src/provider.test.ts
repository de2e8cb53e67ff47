import { describe, expect, it } from 'vitest';
import type { ModelDescriptor, ModelEvent, ModelProvider } from './index.js';
import { createProviderRegistry } from './index.js';

function fake(id: string, ids: string[]): ModelProvider {
  return {
    id,
    models: () => ids,
    serves: (m) => ids.includes(m),
    describe: (m): ModelDescriptor => ({
      provider: id,
      id: m,
      known: ids.includes(m),
      contextWindow: 1000,
      maxOutput: 100,
      defaultMaxTokens: 100,
      thinking: ['off'],
      efforts: [],
      capabilities: {
        midConversationSystem: false,
        preservedThinking: false,
        serverCompaction: false,
        midConversationTools: false,
        toolResultClearing: false,
      },
      minCacheableTokens: 0,
      price: { input: 0, output: 0, cacheRead: 0, cacheWrite5m: 0, cacheWrite1h: 0 },
      source: 'test',
      checked: '2026-12-01',
    }),
    async *stream(): AsyncIterable<ModelEvent> {},
  };
}

describe('the provider registry', () => {
  const a = fake('a', ['a-1', 'shared']);
  const b = fake('b', ['b-1', 'shared']);
  const registry = createProviderRegistry([a, b]);

  it('routes an id to the first provider that serves it', () => {
    expect(registry.resolve('b-1').provider).toBe(b);
    expect(registry.resolve('shared').provider).toBe(a);
  });

  it('a provider/model id names the provider, and the model id loses the prefix', () => {
    const r = registry.resolve('b/shared');
    expect(r.provider).toBe(b);
    expect(r.model).toBe('shared');
    expect(r.descriptor).toMatchObject({ provider: 'b', id: 'shared', known: true });
  });

  it('an id nobody serves goes to the first provider, described as unknown', () => {
    const r = registry.resolve('nobody-9');
    expect(r.provider).toBe(a);
    expect(r.descriptor.known).toBe(false);
  });

  it('lists every provider model in registration order', () => {
    expect(registry.models()).toEqual(['a-1', 'shared', 'b-1', 'shared']);
  });

  it('refuses no providers and a repeated id', () => {
    expect(() => createProviderRegistry([])).toThrow(/no providers/);
    expect(() => createProviderRegistry([a, fake('a', [])])).toThrow(/registered twice/);
  });
});

describe('aliases', () => {
  it('the first provider that knows a short name says which model it means; none is undefined', () => {
    const a = { ...fake('a', ['a-1']), alias: (n: string) => (n === 'small' ? 'a-1' : undefined) };
    const b = { ...fake('b', ['b-1']), alias: (n: string) => (n === 'small' || n === 'big' ? 'b-1' : undefined) };
    const registry = createProviderRegistry([a, b, fake('c', [])]);
    expect(registry.alias('small')).toBe('a-1');
    expect(registry.alias('big')).toBe('b-1');
    expect(registry.alias('huge')).toBeUndefined();
  });
});
