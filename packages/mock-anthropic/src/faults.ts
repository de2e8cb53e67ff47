import type { ApiErrorResponse } from './errors.js';
import { apiError, STATUS_TYPE } from './errors.js';
import type { Fault } from './types.js';

/** The message each status answers with by default; the type always follows the status. */
const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Your organization has reached its spend limit (mock-anthropic: scripted http_error fault).',
  401: 'invalid x-api-key (mock-anthropic: scripted http_error fault).',
  402: 'Your credit balance is too low to access the Anthropic API (mock-anthropic: scripted http_error fault).',
  403: 'Your API key does not have permission to use the specified resource (mock-anthropic: scripted http_error fault).',
  404: 'The requested resource could not be found (mock-anthropic: scripted http_error fault).',
  409: 'Conflict (mock-anthropic: scripted http_error fault).',
  413: 'Request exceeds the maximum allowed number of bytes (mock-anthropic: scripted http_error fault).',
  429: 'Number of request tokens has exceeded your per-minute rate limit (mock-anthropic: scripted http_error fault).',
  500: 'Internal server error (mock-anthropic: scripted http_error fault).',
  504: 'Request timed out (mock-anthropic: scripted http_error fault).',
  529: 'Overloaded (mock-anthropic: scripted http_error fault).',
};

/** The spend cap's error code and message, as the API sends them (platform docs, api/rate-limits; no retry-after). */
const SPEND_CAP = 'enforced_spend_limit_reached';
const SPEND_CAP_MESSAGE =
  "You have reached your API usage limits: your organization has crossed its monthly API usage threshold, set based on your organization's API tier (mock-anthropic: scripted http_error fault).";

/** The headers of a scripted ordinary 429: retry-after unless null, and the exhausted buckets with their reset. */
function rateLimitHeaders(fault: Extract<Fault, { kind: 'rate_limit' }>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== null) headers['retry-after'] = String(fault.retryAfterSeconds ?? 1);
  const reset = new Date(Date.now() + (fault.resetSeconds ?? 60) * 1000).toISOString();
  for (const bucket of fault.exhausted ?? []) {
    headers[`anthropic-ratelimit-${bucket}-remaining`] = '0';
    headers[`anthropic-ratelimit-${bucket}-reset`] = reset;
  }
  return headers;
}

/** The HTTP error a fault answers with, or undefined for faults that shape the reply instead. */
export function faultError(fault: Fault, streamed: boolean): ApiErrorResponse | undefined {
  switch (fault.kind) {
    case 'rate_limit':
      return apiError(
        'rate_limit_error',
        'This request would exceed the rate limit for your organization (mock-anthropic: scripted rate_limit fault).',
        rateLimitHeaders(fault),
      );
    case 'api_error':
      return apiError('api_error', 'Internal server error (mock-anthropic: scripted api_error fault).');
    case 'overloaded':
      return apiError('overloaded_error', 'Overloaded (mock-anthropic: scripted overloaded fault).');
    case 'stream_error':
      return streamed
        ? undefined
        : apiError('overloaded_error', 'Overloaded (mock-anthropic: scripted stream_error fault, not streamed).');
    case 'http_error': {
      const headers: Record<string, string> = {};
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      if (fault.shouldRetry !== undefined) headers['x-should-retry'] = String(fault.shouldRetry);
      const type = STATUS_TYPE[fault.status] ?? 'api_error';
      const message =
        fault.message ?? (fault.errorCode === SPEND_CAP ? SPEND_CAP_MESSAGE : DEFAULT_MESSAGES[fault.status]);
      return apiError(type, message ?? 'error', headers, fault.status, fault.errorCode);
    }
    default:
      return undefined;
  }
}
