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
  429: "This request would exceed your organization's spend cap for this month (mock-anthropic: scripted http_error fault).",
  500: 'Internal server error (mock-anthropic: scripted http_error fault).',
  504: 'Request timed out (mock-anthropic: scripted http_error fault).',
  529: 'Overloaded (mock-anthropic: scripted http_error fault).',
};

/** The HTTP error a fault answers with, or undefined for faults that shape the reply instead. */
export function faultError(fault: Fault, streamed: boolean): ApiErrorResponse | undefined {
  switch (fault.kind) {
    case 'rate_limit':
      return apiError(
        'rate_limit_error',
        'This request would exceed the rate limit for your organization (mock-anthropic: scripted rate_limit fault).',
        {
          'retry-after': String(fault.retryAfterSeconds ?? 1),
        },
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
      return apiError(type, fault.message ?? DEFAULT_MESSAGES[fault.status] ?? 'error', headers, fault.status);
    }
    default:
      return undefined;
  }
}
