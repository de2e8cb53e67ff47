import { describe, expect, it } from 'vitest';
import { estimateCostUsd, tierFor } from './index.js';
import type { ModelPrice } from './index.js';

const price: ModelPrice = {
  input: 2,
  output: 10,
  cacheWrite5m: 2.5,
  cacheWrite1h: 4,
  cacheRead: 0.1,
  above: { threshold: 100_000, input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.2 },
};

describe('estimateCostUsd', () => {
  it('prices each counter, 1-hour writes apart from 5-minute ones', () => {
    const usage = { input: 20_000, output: 50_000, cacheRead: 60_000, cacheWrite: 20_000, cacheWrite1h: 5_000 };
    // 0.02*2 + 0.05*10 + 0.06*0.1 + 0.015*2.5 + 0.005*4
    expect(estimateCostUsd({ price }, usage)).toBeCloseTo(0.04 + 0.5 + 0.006 + 0.0375 + 0.02, 12);
  });

  it('prices the whole request at the upper tier once the prompt passes the threshold', () => {
    const small = { input: 100_000, output: 0, cacheRead: 0, cacheWrite: 0 };
    const large = { input: 90_000, output: 0, cacheRead: 10_001, cacheWrite: 0 };
    expect(tierFor(price, small)).toBe(price);
    expect(tierFor(price, large)).toBe(price.above);
    expect(estimateCostUsd({ price }, large)).toBeCloseTo((90_000 * 4 + 10_001 * 0.2) / 1_000_000, 12);
  });

  it('treats cache writes as 5-minute writes when the usage does not split them', () => {
    expect(estimateCostUsd({ price }, { input: 0, output: 0, cacheRead: 0, cacheWrite: 50_000 })).toBeCloseTo(
      0.125,
      12,
    );
  });

  it('prices fast mode at the fast tier and multiplies by the geography of inference; priority is list price', () => {
    const priced: ModelPrice = {
      ...price,
      fast: { input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.4 },
      geo: { us: 1.1 },
    };
    const small = { input: 50_000, output: 0, cacheRead: 0, cacheWrite: 0 };
    expect(estimateCostUsd({ price: priced }, small)).toBeCloseTo(0.1, 12);
    expect(estimateCostUsd({ price: priced }, { ...small, servedAs: { speed: 'fast' } })).toBeCloseTo(0.2, 12);
    expect(estimateCostUsd({ price: priced }, { ...small, servedAs: { inferenceGeo: 'us' } })).toBeCloseTo(0.11, 12);
    expect(
      estimateCostUsd({ price: priced }, { ...small, servedAs: { inferenceGeo: 'global', serviceTier: 'priority' } }),
    ).toBeCloseTo(0.1, 12);
    // A model without a known fast tier is priced at its list price.
    expect(estimateCostUsd({ price }, { ...small, servedAs: { speed: 'fast' } })).toBeCloseTo(0.1, 12);
  });
});
