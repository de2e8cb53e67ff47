import { createHash } from 'node:crypto';
import type { FlatBlock } from './flatten.js';
import type { InputUsage } from './reply.js';

/** The real API's limits that the model follows. */
export const CACHE_RULES = {
  /** Most `cache_control` blocks one request may carry. */
  maxBreakpoints: 4,
  /** A prefix shorter than this is neither written nor read (lenient mode; strict mode uses the model's minimum). */
  minCacheableTokens: 1024,
  /** From a breakpoint, prefixes ending up to this many blocks earlier (itself included) are tried. */
  lookbackBlocks: 20,
  /** Default lifetime of a written prefix, refreshed on every read. */
  defaultTtlMs: 5 * 60_000,
  /** Lifetime of a prefix written with `cache_control.ttl: "1h"`. */
  oneHourTtlMs: 60 * 60_000,
} as const;

export interface CacheModelOptions {
  /** Lifetime of a 5-minute entry (default 5 minutes); 1-hour entries live `oneHourTtlMs`. */
  ttlMs?: number;
  /** Clock in ms; a parameter so tests can expire entries without waiting. */
  now?: () => number;
}

/**
 * Prompt caching modelled on the real API's rules, for honest usage numbers. A prefix is
 * identified by the model plus the canonical JSON of its blocks (`cache_control` stripped).
 */
export class CacheModel {
  private readonly written = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(opts: CacheModelOptions = {}) {
    this.ttlMs = opts.ttlMs ?? CACHE_RULES.defaultTtlMs;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Input usage of one request, and the cache effects of serving it: the longest previously
   * written prefix reachable from a breakpoint is read (and its TTL refreshed); the tokens from
   * there to the last breakpoint are written when that prefix is cacheable; every cacheable
   * breakpoint prefix is recorded as written.
   */
  account(model: string, blocks: FlatBlock[], minTokens: number = CACHE_RULES.minCacheableTokens): InputUsage {
    const now = this.now();
    for (const [key, expiresAt] of this.written) if (expiresAt <= now) this.written.delete(key);

    const cumulative: number[] = [];
    const hashes: string[] = [];
    let tokens = 0;
    let hash = sha256(`model:${model}`);
    for (const block of blocks) {
      tokens += block.tokens;
      hash = sha256(`${hash}\n${block.identity}`);
      cumulative.push(tokens);
      hashes.push(hash);
    }
    const breakpoints = blocks.flatMap((b, i) => (b.breakpoint ? [i] : []));

    let hitEnd = -1;
    for (const b of breakpoints) {
      for (let end = b; end >= Math.max(0, b - CACHE_RULES.lookbackBlocks + 1) && end > hitEnd; end--) {
        if (this.written.has(hashes[end] as string)) {
          hitEnd = end;
          break;
        }
      }
    }
    const ttlOf = (i: number) => (blocks[i]?.ttl === '1h' ? CACHE_RULES.oneHourTtlMs : this.ttlMs);
    const read = hitEnd >= 0 ? (cumulative[hitEnd] as number) : 0;
    if (hitEnd >= 0) this.written.set(hashes[hitEnd] as string, now + ttlOf(hitEnd));

    const last = breakpoints.at(-1);
    const lastPrefix = last === undefined ? 0 : (cumulative[last] as number);
    const creation = lastPrefix >= minTokens ? lastPrefix - read : 0;
    for (const b of breakpoints) {
      if ((cumulative[b] as number) >= minTokens) this.written.set(hashes[b] as string, now + ttlOf(b));
    }
    const last1h = breakpoints.filter((b) => blocks[b]?.ttl === '1h').at(-1);
    const oneHour =
      creation > 0 && last1h !== undefined ? Math.min(creation, Math.max(0, (cumulative[last1h] as number) - read)) : 0;
    return {
      input_tokens: tokens - read - creation,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: creation,
      cache_creation: { ephemeral_5m_input_tokens: creation - oneHour, ephemeral_1h_input_tokens: oneHour },
    };
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
