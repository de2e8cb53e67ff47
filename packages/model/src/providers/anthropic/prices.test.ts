import { describe, expect, it } from 'vitest';
import type { ModelPrice, Usage } from '../../index.js';
import { estimateCostUsd as cost } from '../../index.js';
import { describeModel } from './catalogue.js';

/** The neutral estimate over this catalogue's prices. */
const estimateCostUsd = (id: string, usage: Usage): number => cost(describeModel(id), usage);
const priceFor = (id: string): ModelPrice => describeModel(id).price;

describe('the catalogue prices, through estimateCostUsd', () => {
  it('prices a scripted Sonnet 5.5 request to the cent: $2 in, $10 out, $0.10 read, $2.50 5m write, $4 1h write', () => {
    const usage = { input: 200_000, output: 50_000, cacheRead: 1_000_000, cacheWrite: 300_000, cacheWrite1h: 100_000 };
    // 0.2*2 + 0.05*10 + 1*0.10 + 0.2*2.50 + 0.1*4 = 0.40 + 0.50 + 0.10 + 0.50 + 0.40
    expect(estimateCostUsd('claude-sonnet-5-5', usage).toFixed(2)).toBe('1.90');
  });

  it('prices Haiku 5.5 at $0.10/$0.50 up to 100k prompt tokens and at $0.50/$2.50 above', () => {
    const small = { input: 100_000, output: 1_000_000, cacheRead: 0, cacheWrite: 0 };
    expect(estimateCostUsd('claude-haiku-5-5', small).toFixed(2)).toBe('0.51');
    const large = { input: 100_001, output: 1_000_000, cacheRead: 0, cacheWrite: 0 };
    expect(estimateCostUsd('claude-haiku-5-5', large)).toBeCloseTo((100_001 * 0.5 + 1_000_000 * 2.5) / 1_000_000, 10);
  });

  it('reads the other current models from the catalogue', () => {
    const million = { input: 1_000_000, output: 1_000_000, cacheRead: 0, cacheWrite: 0 };
    expect(estimateCostUsd('claude-opus-5-5', million)).toBeCloseTo(24, 10);
    expect(estimateCostUsd('claude-fable-5-1', million)).toBeCloseTo(60, 10);
    expect(estimateCostUsd('claude-fable-5-2', million)).toBeCloseTo(48, 10);
    for (const id of ['claude-opus-4-6', 'claude-opus-4-7', 'claude-opus-4-8'])
      expect(estimateCostUsd(id, million)).toBeCloseTo(30, 10);
  });

  it('treats all cache writes as 5-minute writes when the usage does not split them', () => {
    const p = priceFor('claude-sonnet-5-5');
    expect(
      estimateCostUsd('claude-sonnet-5-5', { input: 0, output: 0, cacheRead: 0, cacheWrite: 1_000_000 }),
    ).toBeCloseTo(p.cacheWrite5m, 10);
  });

  it('falls back to the current model of the family named in an unknown id', () => {
    expect(priceFor('claude-opus-9-9')).toEqual(priceFor('claude-opus-5-5'));
    expect(priceFor('claude-haiku-7')).toEqual(priceFor('claude-haiku-5-5'));
    expect(priceFor('claude-sonnet-9')).toEqual(priceFor('claude-sonnet-5-5'));
    expect(priceFor('some-proxy-model')).toEqual(priceFor('claude-sonnet-5-5'));
  });
});
