import type { TokenTotals } from './types.js';

/** All input tokens of a run: uncached input + cache read + cache write (what the model was sent). */
export function totalInput(tokens: TokenTotals): number {
  return tokens.input + tokens.cacheRead + tokens.cacheWrite;
}
