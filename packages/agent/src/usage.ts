import type { Usage } from './events.js';
import type { ApiUsage } from './model-types.js';

/** A zero usage record. */
export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** The sum of two usage records (a new object). */
export function addUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
  };
  if (a.cacheWrite1h !== undefined || b.cacheWrite1h !== undefined)
    sum.cacheWrite1h = (a.cacheWrite1h ?? 0) + (b.cacheWrite1h ?? 0);
  return sum;
}

/** Folds an API usage object (message_start or message_delta) into `into`; absent counters keep their value. */
export function mergeApiUsage(into: Usage, api: ApiUsage): Usage {
  const merged: Usage = {
    input: api.input_tokens ?? into.input,
    output: api.output_tokens ?? into.output,
    cacheRead: api.cache_read_input_tokens ?? into.cacheRead,
    cacheWrite: api.cache_creation_input_tokens ?? into.cacheWrite,
  };
  const write1h = api.cache_creation?.ephemeral_1h_input_tokens ?? into.cacheWrite1h;
  if (typeof write1h === 'number' && write1h > 0) merged.cacheWrite1h = write1h;
  return merged;
}

/** Everything a request sent as input: uncached + cache read + cache write. */
export function totalInput(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}
