import { describe, expect, it } from 'vitest';
import { estimateCostUsd, priceFor } from './prices.js';

describe('estimateCostUsd', () => {
  it('prices each counter per million tokens', () => {
    const p = priceFor('claude-sonnet-4-5');
    const cost = estimateCostUsd('claude-sonnet-4-5', { input: 1_000_000, output: 1_000_000, cacheRead: 1_000_000, cacheWrite: 1_000_000 });
    expect(cost).toBeCloseTo(p.input + p.output + p.cacheRead + p.cacheWrite, 10);
  });

  it('falls back to the family named in an unknown model id', () => {
    expect(priceFor('claude-opus-9-9')).toEqual(priceFor('claude-opus-4-5'));
    expect(priceFor('claude-haiku-7')).toEqual(priceFor('claude-haiku-4-5'));
    expect(priceFor('claude-sonnet-9')).toEqual(priceFor('claude-sonnet-4'));
    expect(priceFor('some-proxy-model')).toEqual(priceFor('claude-sonnet-4'));
  });

  it('costs cache reads less than fresh input', () => {
    const fresh = estimateCostUsd('claude-sonnet-4', { input: 10_000, output: 0, cacheRead: 0, cacheWrite: 0 });
    const cached = estimateCostUsd('claude-sonnet-4', { input: 0, output: 0, cacheRead: 10_000, cacheWrite: 0 });
    expect(cached).toBeLessThan(fresh);
  });
});
