/** A content block the scripted model replies with. Tool-use ids are generated (`toolu_...`) when omitted. */
export type ScriptBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string };

/** A failure injected into one turn, in the real API's shapes. */
export type Fault =
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'api_error' }
  | { kind: 'overloaded' }
  /** Destroy the socket after this many SSE events of a streamed reply (non-streamed: before the body). */
  | { kind: 'cut_stream'; afterEvents: number }
  /** Wait this long before the first byte, then answer normally. */
  | { kind: 'delay'; ms: number };

/** One scripted reply. */
export interface ScriptTurn {
  content: ScriptBlock[];
  /** Defaults to `tool_use` when the content has a tool_use block, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';
  /**
   * Use this turn only when the last user message (its text, or its last tool_result's text)
   * contains this string; otherwise it waits for a later request.
   */
  match?: string;
  /** Injected on this turn's first use; the turn itself is then answered on the next request. */
  fault?: Fault;
  /** Override the output token count (default: estimate of the content). */
  outputTokens?: number;
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
}
