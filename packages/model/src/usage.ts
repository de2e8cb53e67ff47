/** Token counts and the arithmetic on them; every provider reports its usage in this shape. */

/** Token counts of one request. */
export interface Usage {
  /** Uncached input. */
  input: number;
  output: number;
  cacheRead: number;
  /** All cache writes (every TTL). */
  cacheWrite: number;
  /** The part of `cacheWrite` written with the 1-hour TTL, when the provider said (priced higher). */
  cacheWrite1h?: number;
  /**
   * How one request was served, when the provider said, since it changes the price: where
   * inference ran (`us` costs more than `global`), its speed (`fast` mode has its own prices) and
   * its service tier. Per request: sums of usage leave it out.
   */
  servedAs?: { inferenceGeo?: string; speed?: string; serviceTier?: string };
}

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

/** `after - before`, field by field (a turn's share of the session's totals). */
export function subtractUsage(after: Usage, before: Usage): Usage {
  const d: Usage = {
    input: after.input - before.input,
    output: after.output - before.output,
    cacheRead: after.cacheRead - before.cacheRead,
    cacheWrite: after.cacheWrite - before.cacheWrite,
  };
  const write1h = (after.cacheWrite1h ?? 0) - (before.cacheWrite1h ?? 0);
  if (write1h > 0) d.cacheWrite1h = write1h;
  return d;
}

/** Everything a request sent as input: uncached + cache read + cache write. */
export function totalInput(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}
