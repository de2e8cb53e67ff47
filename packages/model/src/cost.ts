/**
 * Cost estimates from a descriptor's prices: list prices in US dollars per million tokens, no
 * discounts or batch pricing. A request whose prompt (uncached + cache read + cache write) passes
 * a model's tier threshold is priced at that tier throughout; 1-hour cache writes are priced as
 * such when the usage says how many there were; a request served in fast mode is priced at the
 * model's fast tier (where the catalogue knows it), and one whose inference ran in a geography
 * with a multiplier (`us`: 1.1) is multiplied. Priority Tier requests are priced at list price:
 * they draw on a capacity commitment whose terms are the organisation's. An ESTIMATE.
 */
import type { ModelDescriptor, ModelPrice, PriceTier } from './descriptor.js';
import type { Usage } from './usage.js';
import { totalInput } from './usage.js';

/** The tier that applies to a request of this usage. */
export function tierFor(price: ModelPrice, usage: Usage): PriceTier {
  if (usage.servedAs?.speed === 'fast' && price.fast) return price.fast;
  return price.above && totalInput(usage) > price.above.threshold ? price.above : price;
}

/** Estimated cost in US dollars of one request's `usage` on the described model (see the note at the top). */
export function estimateCostUsd(descriptor: Pick<ModelDescriptor, 'price'>, usage: Usage): number {
  const p = tierFor(descriptor.price, usage);
  const write1h = Math.min(usage.cacheWrite1h ?? 0, usage.cacheWrite);
  const write5m = usage.cacheWrite - write1h;
  const geo = usage.servedAs?.inferenceGeo;
  const multiplier = geo !== undefined ? (descriptor.price.geo?.[geo] ?? 1) : 1;
  return (
    (multiplier *
      (usage.input * p.input +
        usage.output * p.output +
        usage.cacheRead * p.cacheRead +
        write5m * p.cacheWrite5m +
        write1h * p.cacheWrite1h)) /
    1_000_000
  );
}
