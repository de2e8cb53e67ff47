/**
 * When and how long to wait before re-sending a failed request. Rate limits, overload, server
 * errors and cut connections are retried with exponential backoff; a server's `retry-after`
 * wins over the computed delay (capped at `maxDelayMs`). Client errors are not retried.
 */
import type { ModelError } from './model-types.js';

export interface RetryOptions {
  /** Total attempts including the first; default 5. */
  maxAttempts?: number;
  /** First backoff delay; default 1,000 ms, doubling per attempt. */
  baseDelayMs?: number;
  /** Upper bound of any delay, retry-after included; default 60,000 ms. */
  maxDelayMs?: number;
  /** How to wait; resolves early (without throwing) when `signal` aborts. Injected by tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface RetryPlan {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Fills in the defaults. */
export function retryPlan(opts: RetryOptions = {}): RetryPlan {
  return {
    maxAttempts: Math.max(1, opts.maxAttempts ?? 5),
    baseDelayMs: opts.baseDelayMs ?? 1000,
    maxDelayMs: opts.maxDelayMs ?? 60_000,
    sleep: opts.sleep ?? abortableSleep,
  };
}

/** True for failures worth sending again. */
export function isRetryable(error: ModelError): boolean {
  return error.kind === 'rate_limit' || error.kind === 'overloaded' || error.kind === 'server' || error.kind === 'connection';
}

/** The wait before attempt `attempt + 1`, after `attempt` (1-based) failed with `error`. */
export function retryDelayMs(plan: RetryPlan, attempt: number, error: ModelError): number {
  if (error.retryAfterMs !== undefined) return Math.min(plan.maxDelayMs, error.retryAfterMs);
  return Math.min(plan.maxDelayMs, plan.baseDelayMs * 2 ** (attempt - 1));
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
