/**
 * The plain types of the seam between the loop and the Messages API: requests, stream events and
 * failures in the API's own JSON shapes. Kept apart from model-client.ts so that code needing only
 * the shapes never imports the SDK.
 */
import type { Effort } from './catalogue.js';
import type { CacheControl, ContentBlock, SystemBlock } from './messages.js';

/** A request block may carry a cache breakpoint (only copies built by cache.ts do). */
export type RequestBlock = ContentBlock & { cache_control?: CacheControl };

export interface RequestMessage {
  /** `system`: a mid-conversation system message (after a user turn; models that accept it). */
  role: 'user' | 'assistant' | 'system';
  content: RequestBlock[];
}

/** A tool definition as sent in the `tools` parameter. */
export interface RequestTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [k: string]: unknown };
  cache_control?: CacheControl;
}

/** One Messages API request (streamed), in the API's own JSON shapes. */
export interface ModelRequest {
  model: string;
  max_tokens: number;
  system: SystemBlock[];
  tools: RequestTool[];
  messages: RequestMessage[];
  thinking?: RequestThinking;
  /** How much effort the model spends (thinking, text and tool calls); absent = the model's default. */
  output_config?: { effort: Effort };
}

/**
 * The `thinking` parameter: adaptive (with `display:"summarized"` so text between tool calls
 * comes back), Sonnet 5.5's `between_tools`, `disabled`, or a legacy budget.
 */
export type RequestThinking =
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'between_tools' }
  | { type: 'disabled' }
  | { type: 'enabled'; budget_tokens: number };

/**
 * Why a request failed. A closed union: front ends may switch on it. `auth` (401: the key or
 * token), `permission` (403), `billing` (402, a spend limit or the tier's spend cap), `not_found`
 * (404: the model), `too_large` (413), `client` (another 4xx, mostly 400) are final; `rate_limit`,
 * `overloaded` (529), `server` (5xx, 408, 409) and `connection` are retried unless the server said
 * otherwise (`retryable`); `aborted` is the user's.
 */
export type ModelErrorKind =
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'connection'
  | 'aborted'
  | 'client'
  | 'auth'
  | 'permission'
  | 'billing'
  | 'not_found'
  | 'too_large';

export interface ModelError {
  kind: ModelErrorKind;
  status?: number;
  /** From `retry-after-ms` / `retry-after` when the server sent one. */
  retryAfterMs?: number;
  /**
   * The server's own verdict, when it gave one (`x-should-retry: true|false`, or a spend cap that
   * no retry can pass); wins over the kind's default in `isRetryable`.
   */
  retryable?: boolean;
  /** The API's error type (`overloaded_error`, `invalid_request_error`, ...) when it sent one. */
  type?: string;
  /** The `request-id` response header, for a support request. */
  requestId?: string;
  /** What happened and, where known, what to do about it; one line, safe to print. */
  message: string;
}

/** Usage as it appears in `message_start` (input side) and `message_delta` (output side). */
export interface ApiUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  /** The split of cache writes by TTL, when the API reports it (1h writes cost more). */
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number } | null;
}

/** Why the model stopped, beyond the stop reason (a refusal's category and explanation). */
export interface StopDetails {
  category: string | null;
  explanation: string | null;
}

/**
 * The Messages API streaming events the loop understands, plus `error`: a failure is yielded as
 * a value (the stream then ends), never thrown. A stream that ends without `message_stop` and
 * without `error` is treated by the loop as a cut connection. This is the shape a ModelClient
 * should yield; the reader checks every event anyway (see `ModelClient.stream`).
 */
export type ModelStreamEvent =
  | { type: 'message_start'; message: { usage: ApiUsage } }
  | {
      type: 'content_block_start';
      index: number;
      content_block:
        | { type: 'text'; text: string }
        | { type: 'thinking'; thinking: string; signature?: string }
        | { type: 'redacted_thinking'; data: string }
        | { type: 'tool_use'; id: string; name: string; input?: unknown };
    }
  | {
      type: 'content_block_delta';
      index: number;
      delta:
        | { type: 'text_delta'; text: string }
        | { type: 'thinking_delta'; thinking: string }
        | { type: 'signature_delta'; signature: string }
        | { type: 'input_json_delta'; partial_json: string };
    }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: string | null; stop_details?: StopDetails | null }; usage: ApiUsage }
  | { type: 'message_stop' }
  | { type: 'error'; error: ModelError };

/** What the agent needs from a model provider. */
export interface ModelClient {
  /**
   * Streams one request; aborting `signal` ends the stream (with an `aborted` error event).
   * Yields `ModelStreamEvent`s; typed `unknown` because the reader trusts none of them: a provider
   * may pass a server's events through as parsed, and anything the reader does not understand
   * (a new event or block type, a malformed event) is skipped with a notice, never a crash.
   */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<unknown>;
  /** Optional exact input token count of a request (used to report compaction results). */
  countTokens?(request: Omit<ModelRequest, 'max_tokens'>, signal: AbortSignal): Promise<number>;
}
