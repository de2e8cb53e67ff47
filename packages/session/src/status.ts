/**
 * `/status` and `/cost` as lines: tokens in and out, the cache-read share of the input, the cost
 * rounded for display (the exact figure stays in the data), the context used of the window, the
 * model and its settings, the permission mode and the session id with the command that resumes it.
 */
import type { Usage } from '@coding-harness/agent';
import type { SessionStatus } from '@coding-harness/protocol';
import { MODE_MEANING } from '@coding-harness/approval';

const n = (value: number): string => value.toLocaleString('en-US');

/** Money for people: cents from a dollar up, four decimals below (never 0.0005720999999999999). */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  return `$${usd.toFixed(usd >= 0.01 ? 3 : 4)}`;
}

/** The input a request sent in all: uncached, cache read and cache written. */
export function inputTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/** The share of input tokens read from the cache, in whole percent (0 with no input). */
export function cacheReadPercent(usage: Usage): number {
  const input = inputTokens(usage);
  return input === 0 ? 0 : Math.round((usage.cacheRead / input) * 100);
}

/** `/cost`: tokens and money of the session so far. */
export function formatCost(status: SessionStatus): string[] {
  const u = status.usage;
  return [
    `tokens   in ${n(inputTokens(u))} (${cacheReadPercent(u)}% cache read, ${n(u.cacheWrite)} cache write) · out ${n(u.output)}`,
    `cost     ${formatUsd(status.costUsd)} over ${status.requests} request${status.requests === 1 ? '' : 's'} (an estimate from list prices)`,
  ];
}

/** `/status`: everything `/cost` shows, then the context, model, mode and session. */
export function formatStatus(status: SessionStatus): string[] {
  const s = status;
  const { used, window } = status.context;
  const percent = window === 0 ? 0 : Math.round((used / window) * 100);
  const thinking =
    s.thinking === undefined
      ? 'none'
      : s.thinking.mode === 'budget'
        ? `${n(s.thinking.budgetTokens)}-token budget`
        : s.thinking.mode;
  return [
    ...formatCost(status),
    `context  ${n(used)} of ${n(window)} tokens (${percent}%) at the last request`,
    `model    ${s.model} (effort ${s.effort ?? 'default'}, thinking ${thinking}, max tokens ${n(s.maxTokens)})`,
    `mode     ${status.mode}: ${MODE_MEANING[status.mode]}`,
    `session  ${status.sessionId} (reopen it later with --resume ${status.sessionId})`,
    `root     ${status.workroot}`,
  ];
}
