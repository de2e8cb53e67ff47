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

/** Why a request failed; `retryable` kinds are retried by the agent with backoff. */
export type ModelErrorKind = 'rate_limit' | 'overloaded' | 'server' | 'connection' | 'aborted' | 'client';

export interface ModelError {
  kind: ModelErrorKind;
  status?: number;
  /** From `retry-after-ms` / `retry-after` when the server sent one. */
  retryAfterMs?: number;
  message: string;
}

/** Usage as it appears in `message_start` (input side) and `message_delta` (output side). */
export interface ApiUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

/**
 * The Messages API streaming events the loop consumes, plus `error`: a failure is yielded as
 * a value (the stream then ends), never thrown. A stream that ends without `message_stop` and
 * without `error` is treated by the loop as a cut connection.
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
  | { type: 'message_delta'; delta: { stop_reason: string | null }; usage: ApiUsage }
  | { type: 'message_stop' }
  | { type: 'error'; error: ModelError };

/** What the agent needs from a model provider. */
export interface ModelClient {
  /** Streams one request; aborting `signal` ends the stream (with an `aborted` error event). */
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelStreamEvent>;
  /** Optional exact input token count of a request (used to report compaction results). */
  countTokens?(request: Omit<ModelRequest, 'max_tokens'>, signal: AbortSignal): Promise<number>;
}
