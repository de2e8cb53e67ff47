/** The Messages API's usage objects folded into the neutral `Usage`. */
import type { Usage } from '../../index.js';
import type { ApiUsage } from './wire-types.js';

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
  const servedAs = {
    ...into.servedAs,
    ...(api.inference_geo !== undefined ? { inferenceGeo: api.inference_geo } : {}),
    ...(api.speed !== undefined ? { speed: api.speed } : {}),
    ...(api.service_tier !== undefined ? { serviceTier: api.service_tier } : {}),
  };
  if (Object.keys(servedAs).length > 0) merged.servedAs = servedAs;
  return merged;
}
