/**
 * The per-model price table, in US dollars per million tokens. Costs computed from it are an
 * ESTIMATE: list prices as published when this table was written, no discounts, no batch
 * pricing, 5-minute cache writes. Update this one file when prices change.
 */
import type { Usage } from './events.js';

export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

const family = {
  opus: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  opusNew: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
  sonnet: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  haiku: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  haiku3: { input: 0.25, output: 1.25, cacheRead: 0.03, cacheWrite: 0.3 },
} as const satisfies Record<string, ModelPrice>;

/** Known model ids (prefix match, longest first), then the family fallback by name. */
const table: [prefix: string, price: ModelPrice][] = [
  ['claude-opus-4-5', family.opusNew],
  ['claude-opus-4-1', family.opus],
  ['claude-opus-4', family.opus],
  ['claude-3-opus', family.opus],
  ['claude-sonnet-4', family.sonnet],
  ['claude-3-7-sonnet', family.sonnet],
  ['claude-3-5-sonnet', family.sonnet],
  ['claude-haiku-4', family.haiku],
  ['claude-3-5-haiku', { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  ['claude-3-haiku', family.haiku3],
];

/** The price of a model: an exact prefix from the table, else its family by name, else Sonnet's. */
export function priceFor(model: string): ModelPrice {
  const id = model.toLowerCase();
  const known = table.find(([prefix]) => id.startsWith(prefix));
  if (known) return known[1];
  if (id.includes('opus')) return family.opusNew;
  if (id.includes('haiku')) return family.haiku;
  return family.sonnet;
}

/** Estimated cost in US dollars of `usage` on `model` (see the note at the top of this file). */
export function estimateCostUsd(model: string, usage: Usage): number {
  const p = priceFor(model);
  return (usage.input * p.input + usage.output * p.output + usage.cacheRead * p.cacheRead + usage.cacheWrite * p.cacheWrite) / 1_000_000;
}
