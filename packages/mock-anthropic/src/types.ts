/**
 * A content block the scripted model replies with. Tool-use ids are generated (`toolu_...`)
 * when omitted. `thinking` text is returned as the request's display setting says (empty under
 * the default `omitted`); `update: true` marks text between tool calls, which the 5.5 models
 * deliver inside thinking blocks (shown under `summarized` and `updates`). `raw` is sent
 * verbatim, for block types a client does not know yet.
 */
export type ScriptBlock =
  /** `citations`: the text cites these (web search result locations). */
  | { type: 'text'; text: string; citations?: { url: string; title?: string; citedText: string }[] }
  /** The API's web search: its call and result blocks (the request must offer `web_search`). */
  | {
      type: 'web_search';
      query: string;
      results?: { url: string; title: string; pageAge?: string }[];
      error?: 'unavailable' | 'too_many_requests' | 'query_too_long' | 'invalid_tool_input' | 'max_uses_exceeded';
    }
  /** The API's web fetch: its call and result (the request must offer `web_fetch`; the URL must be in the conversation). */
  | {
      type: 'web_fetch';
      url: string;
      title?: string;
      text?: string;
      error?: 'url_not_accessible' | 'unsupported_content_type' | 'too_many_requests' | 'unavailable' | 'url_too_long';
    }
  /**
   * The API's tool search (the request must offer a tool search tool): its call and result.
   * `tools`: the deferred tools it returns (else the mock matches `query` against them).
   */
  | {
      type: 'tool_search';
      query: string;
      tools?: string[];
      error?: 'invalid_tool_input' | 'unavailable' | 'too_many_requests' | 'execution_time_exceeded';
    }
  | { type: 'thinking'; thinking: string; update?: boolean }
  | { type: 'redacted_thinking' }
  | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string }
  | { type: 'raw'; block: Record<string, unknown> };

/** HTTP statuses an `http_error` fault may answer with; the error type follows the status. */
export type FaultStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 500 | 504 | 529;

/** A failure injected into one turn, in the real API's shapes. */
/** A rate-limit bucket the API names in `anthropic-ratelimit-<bucket>-remaining` / `-reset`. */
export type RateLimitBucket = 'requests' | 'tokens' | 'input-tokens' | 'output-tokens';

export type Fault =
  /**
   * An ordinary 429. `retryAfterSeconds` (default 1; `null` sends none, as a gateway that strips
   * it); `exhausted`: buckets sent with `-remaining: 0` and a `-reset` `resetSeconds` (default 60)
   * from now, RFC 3339.
   */
  | {
      kind: 'rate_limit';
      retryAfterSeconds?: number | null;
      exhausted?: RateLimitBucket[];
      resetSeconds?: number;
    }
  | { kind: 'api_error' }
  | { kind: 'overloaded' }
  /** Destroy the socket after this many SSE events of a streamed reply (non-streamed: before the body). */
  | { kind: 'cut_stream'; afterEvents: number }
  /** Wait this long before the first byte, then answer normally. */
  | { kind: 'delay'; ms: number }
  /**
   * Streamed: send this many SSE events, then go silent (or send only `ping` events every
   * `pingEveryMs`) for `forMs`, then the rest of the reply; without `forMs` the stream stays
   * silent until the client gives up (the turn then answers the next request, as after a cut).
   * Not streamed: the same wait before the body.
   */
  | { kind: 'stall_stream'; afterEvents: number; forMs?: number; pingEveryMs?: number }
  /** Streamed: this many SSE events, then `event: error` (default `overloaded_error`) and the end of the stream. Not streamed: a 529. */
  | { kind: 'stream_error'; afterEvents: number; errorType?: 'overloaded_error' | 'api_error' }
  /**
   * Any documented HTTP error. `retryAfterSeconds` adds `retry-after`; `shouldRetry` adds
   * `x-should-retry: true|false`; `errorCode` is sent as `error.details.error_code` (a 429 with
   * `enforced_spend_limit_reached` is the tier's monthly spend cap, sent without retry-after).
   */
  | {
      kind: 'http_error';
      status: FaultStatus;
      retryAfterSeconds?: number;
      shouldRetry?: boolean;
      message?: string;
      errorCode?: string;
    };

/** Stop reasons a reply may end with (SDK 1.14.0 `StopReason`; `compaction` only for a compaction request, never scripted). */
export type StopReason =
  | 'compaction'
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

/** `stop_details` of a refusal; category `null` when it maps to no named category. */
export interface RefusalDetails {
  category: 'cyber' | 'bio' | 'frontier_llm' | 'reasoning_extraction' | 'general_harms' | null;
  explanation: string | null;
  /** The model the API suggests retrying the refused request on (`stop_details.recommended_model`, SDK beta types). */
  recommended_model?: string | null;
}

/** Usage counters a turn may override (e.g. to fill the context window). */
export interface UsageOverride {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

/** One scripted reply. */
export interface ScriptTurn {
  content: ScriptBlock[];
  /** Defaults to `tool_use` when the content has a tool_use block, else `end_turn`. */
  stopReason?: StopReason;
  /** With `stopReason: "refusal"`: the `stop_details` sent (default: category and explanation null). */
  refusal?: RefusalDetails;
  /**
   * Use this turn only when the last user message (its text, or its last tool_result's text)
   * contains this string; otherwise it waits for a later request.
   */
  match?: string;
  /** Injected on this turn's first use; the turn itself is then answered on the next request. */
  fault?: Fault;
  /** Override the output token count (default: estimate of the content). */
  outputTokens?: number;
  /** Tokens the model spends thinking (they count toward `max_tokens`; default: estimate of the thinking text). */
  thinkingTokens?: number;
  /** Override usage counters of the reply. */
  usage?: UsageOverride;
  /** Streamed replies: send an SSE event of this unknown name (after `ping`), as a future API may. */
  unknownEvent?: string;
}

export interface Script {
  turns: ScriptTurn[];
  /** Text answered with `end_turn` once the script is used up (a default says so clearly). */
  fallbackText?: string;
}

/** One request as the server received it (API key redacted). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** When this request hit the server and when its response finished (ms, performance.now()). */
  startedAt: number;
  finishedAt?: number;
  /** The 4xx/5xx this request got, when it was refused (validation or an injected fault). */
  rejected?: { status: number; type: string; message: string };
  /** Thinking blocks the binding checks dropped (or let through unchecked), with their path and reason. */
  thinkingTransformations?: { type: string; path: string; reason: string }[];
}
