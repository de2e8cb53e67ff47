/**
 * When and how long to wait before re-sending a failed request. Rate limits, overload, server
 * errors and cut or silent connections (a mid-stream `error` event included) are retried with
 * exponential backoff and jitter (half the delay fixed, half random, so clients that failed
 * together do not retry together); a wait the provider named (`retry-after`, or the reset of an
 * exhausted rate limit) wins over the computed delay (capped at `maxDelayMs`), and its
 * `x-should-retry` over the kind (`ModelError.retryable`). Overload and server errors back off
 * four times longer: with the defaults up to 4 + 8 + 16 + 32 s, about a minute in all, since an
 * outage outlasts the 15 s a rate limit's backoff spends. Other errors (auth, billing, 4xx) are final.
 */
import type { ModelError, ModelErrorKind } from '@coding-harness/model';

export interface RetryOptions {
  /** Total attempts including the first; default 5. */
  maxAttempts?: number;
  /** First backoff delay; default 1,000 ms, doubling per attempt. */
  baseDelayMs?: number;
  /** Upper bound of any delay, retry-after included; default 60,000 ms. */
  maxDelayMs?: number;
  /** How to wait; resolves early (without throwing) when `signal` aborts. Injected by tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the jitter; default `Math.random`. Tests pass a constant. */
  random?: () => number;
}

export interface RetryPlan {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
}

/** Fills in the defaults. */
export function retryPlan(opts: RetryOptions = {}): RetryPlan {
  return {
    maxAttempts: Math.max(1, opts.maxAttempts ?? 5),
    baseDelayMs: opts.baseDelayMs ?? 1000,
    maxDelayMs: opts.maxDelayMs ?? 60_000,
    sleep: opts.sleep ?? abortableSleep,
    random: opts.random ?? Math.random,
  };
}

/** Retried by default, and each kind's backoff factor over `baseDelayMs` (absent: never retried). */
const BACKOFF: Partial<Record<ModelErrorKind, number>> = { rate_limit: 1, connection: 1, overloaded: 4, server: 4 };

/** True for failures worth sending again: the server's verdict when it gave one, else the kind's. */
export function isRetryable(error: ModelError): boolean {
  if (error.kind === 'aborted') return false;
  return error.retryable ?? BACKOFF[error.kind] !== undefined;
}

/** The wait before attempt `attempt + 1`, after `attempt` (1-based) failed with `error`. */
export function retryDelayMs(plan: RetryPlan, attempt: number, error: ModelError): number {
  if (error.retryAfterMs !== undefined) return Math.min(plan.maxDelayMs, error.retryAfterMs);
  const backoff = Math.min(plan.maxDelayMs, plan.baseDelayMs * (BACKOFF[error.kind] ?? 1) * 2 ** (attempt - 1));
  const random = Math.min(1, Math.max(0, plan.random()));
  return Math.round(backoff / 2 + (backoff / 2) * random);
}

/** A timer that resolves after `ms`, or at once when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
