/**
 * One model request in neutral terms. The loop builds it; the provider turns it into its wire
 * body. Cache placement is a hint in neutral positions (which system text, which tools, which
 * message parts end a cacheable prefix); a provider without prompt caching ignores it.
 */
import type { Effort, ThinkingSetting } from './descriptor.js';
import type { Message } from './messages.js';

/** One block of the system prompt. */
export interface SystemText {
  text: string;
}

/**
 * A tool as the model is told of it. `inputSchema` is JSON Schema, sent byte for byte as given
 * (an outside tool's schema keeps its exact bytes).
 */
export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [k: string]: unknown };
  /**
   * Not sent in full: the model finds it through the provider's tool search (where supported).
   * Absent or false: sent in full.
   */
  deferred?: boolean;
  /**
   * A tool the provider runs itself (a server tool: the Anthropic API's web search and web
   * fetch): sent as the provider's own definition (`type`, `name` and `config`), never called
   * by the harness; its calls and results come back as `provider` parts. `betas` are the
   * provider's opt-in headers it needs. `description` and `inputSchema` are not sent.
   */
  server?: { type: string; config?: Record<string, unknown>; betas?: readonly string[] };
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
   * Settings only one provider understands, keyed by provider id (`{ anthropic: { betas: [...] } }`);
   * other providers ignore them.
   */
  providerOptions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}
