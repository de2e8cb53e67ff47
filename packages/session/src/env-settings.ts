/**
 * Settings read from the environment until settings files exist: how long a silent stream may
 * last, and which prompt-cache TTL the system prompt and tools get. A value that does not parse
 * is ignored with a notice naming the variable and what it takes (the run goes on with the
 * default), as for the skills listing budget.
 */
import type { CacheTtl } from '@coding-harness/model';
import type { HarnessEnv } from './config.js';

/** Milliseconds a streamed reply may send no byte before it is abandoned and retried; 0 turns the watch off. */
export const STREAM_IDLE_VARIABLE = 'HARNESS_STREAM_IDLE_TIMEOUT_MS';

/** `5m` or `1h`: the TTL of the system prompt's and tools' cache breakpoints, whatever the kind of session. */
export const CACHE_TTL_VARIABLE = 'HARNESS_CACHE_TTL';

const CACHE_TTLS: readonly CacheTtl[] = ['5m', '1h'];

/** `HARNESS_STREAM_IDLE_TIMEOUT_MS` as milliseconds, or undefined (the provider's default). */
export function streamIdleFromEnv(env: HarnessEnv): { ms?: number; notice?: string } {
  const raw = env[STREAM_IDLE_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return {};
  if (/^\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) return { ms: Number(raw) };
  return {
    notice: `${STREAM_IDLE_VARIABLE}=${JSON.stringify(raw)} is not a whole number of milliseconds (e.g. 60000; 0 turns the timeout off); using the default`,
  };
}

/** `HARNESS_CACHE_TTL` (`5m` or `1h`), or undefined (the kind of session decides). */
export function cacheTtlFromEnv(env: HarnessEnv): { ttl?: CacheTtl; notice?: string } {
  const raw = env[CACHE_TTL_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return {};
  const ttl = CACHE_TTLS.find((t) => t === raw.toLowerCase());
  if (ttl) return { ttl };
  return {
    notice: `${CACHE_TTL_VARIABLE}=${JSON.stringify(raw)} is not a cache TTL (5m or 1h); using the default for this kind of session`,
  };
}
