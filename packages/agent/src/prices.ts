/**
 * Cost estimates from the catalogue's prices (catalogue-models.ts): list prices in US dollars
 * per million tokens, no discounts or batch pricing. A request whose prompt (uncached + cache
 * read + cache write) passes a model's tier threshold is priced at that tier throughout; 1-hour
 * cache writes are priced as such when the usage says how many there were. An ESTIMATE.
 */
import type { ModelInfo, PriceTier } from './catalogue.js';
import { modelInfo } from './catalogue.js';
import type { Usage } from './events.js';
import { totalInput } from './usage.js';

/** A model's prices (its base tier, and the tier above a prompt-size threshold when it has one). */
export type ModelPrice = ModelInfo['price'];

/** The catalogue's prices for `model` (an unknown id gets its family's, else Sonnet's). */
export function priceFor(model: string): ModelPrice {
  return modelInfo(model).price;
}

/** The tier that applies to a request of this usage. */
export function tierFor(price: ModelPrice, usage: Usage): PriceTier {
  return price.above && totalInput(usage) > price.above.threshold ? price.above : price;
}

/** Estimated cost in US dollars of one request's `usage` on `model` (see the note at the top). */
export function estimateCostUsd(model: string, usage: Usage): number {
  const p = tierFor(priceFor(model), usage);
  const write1h = Math.min(usage.cacheWrite1h ?? 0, usage.cacheWrite);
  const write5m = usage.cacheWrite - write1h;
  return (
    (usage.input * p.input +
      usage.output * p.output +
      usage.cacheRead * p.cacheRead +
      write5m * p.cacheWrite5m +
      write1h * p.cacheWrite1h) /
    1_000_000
  );
}
