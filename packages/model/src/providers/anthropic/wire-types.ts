/**
 * The Messages API's own JSON shapes, as far as this provider sends and reads them: request
 * blocks, the request body, and the streaming events the reader understands. Nothing outside
 * providers/anthropic sees these; the loop speaks the neutral types of the model package.
 */
import type { Effort, ModelError, StopDetails } from '../../index.js';

/** The cache marker the Messages API accepts on a block (`ttl` absent: 5 minutes). */
export interface CacheControl {
  type: 'ephemeral';
  ttl?: '1h';
}

export interface WireText {
  type: 'text';
  text: string;
  /** Where the text's claims come from (a web search or fetch result), as the API sent them. */
  citations?: WireCitation[];
}

/** One citation of a text block (`web_search_result_location`, `char_location`...), kept as sent. */
export type WireCitation = { type: string } & Record<string, unknown>;

export interface WireThinking {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface WireRedactedThinking {
  type: 'redacted_thinking';
  data: string;
}

export interface WireToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface WireImage {
  type: 'image';
  source: { type: 'base64'; media_type: string; data: string };
}

export interface WireDocument {
  type: 'document';
  source:
    | { type: 'base64'; media_type: 'application/pdf'; data: string }
    | { type: 'text'; media_type: 'text/plain'; data: string };
  title?: string;
}

export interface WireToolResult {
  type: 'tool_result';
  tool_use_id: string;
  /** A single text is sent as a string (the bytes sessions have always sent); anything else as blocks. */
  content: string | (WireText | WireImage | WireDocument)[];
  is_error?: boolean;
}

/** A block only this API understands (a server tool's call or result), sent back as it came. */
export type WireOpaque = Readonly<Record<string, unknown>> & { type: string };

/** A tool offered from this point on, by definition (beta `inline-tools-2026-09-15`), in a `role: "system"` message. */
export interface WireToolAddition {
  type: 'tool_addition';
  tool: { type: 'tool_definition'; definition: WireTool };
}

/** A tool withdrawn from this point on, by reference, in a `role: "system"` message. */
export interface WireToolRemoval {
  type: 'tool_removal';
  tool: { type: 'tool_reference'; name: string };
}

export type WireBlock =
  | WireText
  | WireThinking
  | WireRedactedThinking
  | WireToolUse
  | WireImage
  | WireDocument
  | WireToolResult
  | WireToolAddition
  | WireToolRemoval
  | WireOpaque;

/** A request block may carry a cache breakpoint. */
export type RequestBlock = WireBlock & { cache_control?: CacheControl };

export interface WireMessage {
  role: 'user' | 'assistant' | 'system';
  content: RequestBlock[];
}

export interface WireSystemBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

/** A tool definition as sent in the `tools` parameter. */
export type WireTool =
  | {
      name: string;
      description: string;
      input_schema: { type: 'object'; [k: string]: unknown };
      defer_loading?: boolean;
      cache_control?: CacheControl;
    }
  /** A server tool's definition (`web_search_20250305`, ...): its type, name and own fields. */
  | { type: string; name: string; cache_control?: CacheControl; [field: string]: unknown };

/**
 * The `thinking` parameter: adaptive (with `display:"summarized"` so text between tool calls
 * comes back), Sonnet 5.5's `between_tools`, `disabled`, or a legacy budget.
 */
export type WireThinkingParam =
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'between_tools' }
  | { type: 'disabled' }
  | { type: 'enabled'; budget_tokens: number };

/** One Messages API request body (without `stream`), keys in the order they are sent. */
export interface WireRequest {
  model: string;
  max_tokens?: number;
  system: WireSystemBlock[];
  tools: WireTool[];
  messages: WireMessage[];
  thinking?: WireThinkingParam;
  /** How much effort the model spends (thinking, text and tool calls); absent = the model's default. */
  output_config?: { effort: Effort };
  /** A compaction request (beta `compact-2026-09-04`): summarize the messages instead of replying. */
  compaction?: { type: 'summarize'; instructions?: string };
  /** Context editing (beta `context-management-2025-06-27`): what the API clears before the model reads the prompt. */
  context_management?: { edits: WireClearToolUses[] };
}

/** The tool-result clearing edit (platform docs, build-with-claude/context-editing). */
export interface WireClearToolUses {
  type: 'clear_tool_uses_20250919';
  trigger: { type: 'input_tokens'; value: number };
  keep: { type: 'tool_uses'; value: number };
  clear_at_least: { type: 'input_tokens'; value: number };
}

/** Usage as it appears in `message_start` (input side) and `message_delta` (output side). */
export interface ApiUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  /** The split of cache writes by TTL, when the API reports it (1h writes cost more). */
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number } | null;
  /**
   * The usage of a compaction iteration (`usage.iterations[]` entries of type `compaction`),
   * summed: billed, but not in the top-level counters.
   */
  compaction?: { input: number; output: number; cacheRead: number; cacheWrite: number; cacheWrite1h: number };
  /** Where and how the request was served (they change the price). */
  inference_geo?: string;
  speed?: string;
  service_tier?: string;
}

/** A block as a `content_block_start` opens it (after the reader's checks). */
export type StartBlock =
  | { type: 'text'; text: string; citations?: WireCitation[] }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input?: unknown }
  /** A server tool's block that must be sent back (see stream-events.ts): kept whole, opaque. */
  | { type: 'opaque'; block: WireOpaque };

/**
 * The Messages API streaming events the reader understands, plus `error`: a transport failure
 * is handed to the reader as such an event (a ModelError), never thrown.
 */
export type StreamEvent =
  | { type: 'message_start'; message: { usage: ApiUsage } }
  | { type: 'content_block_start'; index: number; content_block: StartBlock }
  | {
      type: 'content_block_delta';
      index: number;
      delta:
        | { type: 'text_delta'; text: string }
        | { type: 'thinking_delta'; thinking: string }
        | { type: 'signature_delta'; signature: string }
        | { type: 'input_json_delta'; partial_json: string }
        | { type: 'citations_delta'; citation: WireCitation };
    }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: string | null; stop_details?: StopDetails | null }; usage: ApiUsage }
  | { type: 'message_stop' }
  | { type: 'error'; error: ModelError };
