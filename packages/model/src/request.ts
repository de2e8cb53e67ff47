/**
 * One model request in neutral terms. The loop builds it; the provider turns it into its wire
 * body. Cache placement is a hint in neutral positions (which system text, which tools, which
 * message parts end a cacheable prefix); a provider without prompt caching ignores it.
 */
import type { Effort, ThinkingSetting } from './descriptor.js';
import type { Message } from './messages.js';
import type { ToolSpec } from './tool-spec.js';

export type { ToolSpec } from './tool-spec.js';

/** One block of the system prompt. */
export interface SystemText {
  text: string;
}

/** A part of a message: `message` index in `messages`, `part` index in its content. */
export interface PartPosition {
  message: number;
  part: number;
}

/** How long a cached prefix should live: the provider's short default, or an hour. */
export type CacheTtl = '5m' | '1h';

/**
 * Where cacheable prefixes end: after the system prompt, after the tools, and after each listed
 * message part (at most a few; providers cap them). `ttl` applies to the system and tools
 * breakpoints; message breakpoints use the short TTL (a provider requires longer TTLs first).
 */
export interface CacheHints {
  system: boolean;
  tools: boolean;
  messages: readonly PartPosition[];
  ttl?: CacheTtl;
}

/** How the provider clears old tool results (`ModelRequest.clearToolResults`). */
export interface ToolResultClearing {
  triggerTokens: number;
  keepToolUses: number;
  clearAtLeastTokens: number;
}

export interface ModelRequest {
  /** The model id, as its descriptor names it. */
  model: string;
  maxTokens: number;
  system: readonly SystemText[];
  tools: readonly ToolSpec[];
  messages: readonly Message[];
  /** Absent: none sent (the model's own default). */
  thinking?: ThinkingSetting;
  /** Absent: none sent (the model's own default). */
  effort?: Effort;
  cache?: CacheHints;
  /**
   * Present: a compaction request. The provider summarizes `messages` itself instead of replying
   * (only where the descriptor says `serverCompaction`): the reply's one part is a `provider` part
   * of kind `compaction` holding the summary (its `text`), stop reason `compaction`. `instructions`
   * replace the provider's own summarization prompt.
   */
  compaction?: { instructions?: string };
  /**
   * Present (only where the descriptor says `toolResultClearing`): once the prompt passes
   * `triggerTokens`, the provider replaces the results of all but the newest `keepToolUses` tool
   * calls with a placeholder before the model reads it, when that frees at least
   * `clearAtLeastTokens`. The transcript is not changed; the usage reported is the cleared prompt's.
   */
  clearToolResults?: ToolResultClearing;
  /**
   * Settings only one provider understands, keyed by provider id (`{ anthropic: { betas: [...] } }`);
   * other providers ignore them.
   */
  providerOptions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}
