import type { Usage } from './events.js';
import type { ApiUsage } from './model-types.js';

/** A zero usage record. */
export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
}

/** The sum of two usage records (a new object). */
export function addUsage(a: Usage, b: Usage): Usage {
  return { input: a.input + b.input, output: a.output + b.output, cacheRead: a.cacheRead + b.cacheRead, cacheWrite: a.cacheWrite + b.cacheWrite };
}

/** Folds an API usage object (message_start or message_delta) into `into`; absent counters keep their value. */
export function mergeApiUsage(into: Usage, api: ApiUsage): Usage {
  return {
    input: api.input_tokens ?? into.input,
    output: api.output_tokens ?? into.output,
    cacheRead: api.cache_read_input_tokens ?? into.cacheRead,
    cacheWrite: api.cache_creation_input_tokens ?? into.cacheWrite,
  };
}

/** Everything a request sent as input: uncached + cache read + cache write. */
export function totalInput(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}
