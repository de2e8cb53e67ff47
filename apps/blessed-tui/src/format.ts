import type { Usage } from '@coding-harness/model';

/** `950`, `12.3k`, `4.1M`: compact token counts for narrow status lines. */
export function tokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** `$0.0123` below a dollar, `$1.23` above. */
export function dollars(usd: number): string {
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** Share of input tokens read from the cache, as `83%` (`0%` when nothing was sent). */
export function cacheShare(u: { input: number; cacheRead: number; cacheWrite: number }): string {
  const all = u.input + u.cacheRead + u.cacheWrite;
  return all === 0 ? '0%' : `${Math.round((u.cacheRead / all) * 100)}%`;
}

/** All input tokens of a request: uncached, cache reads and cache writes. */
export function inputTokens(u: Usage): number {
  return u.input + u.cacheRead + u.cacheWrite;
}
