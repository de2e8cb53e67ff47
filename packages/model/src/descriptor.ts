/**
 * What the harness knows about one model, whichever provider serves it: limits, the thinking
 * modes and efforts it accepts, what it can do, and its prices. Request building, compaction,
 * cost estimates and the front ends' flag checks read this, so a setting the model would reject
 * is caught before the first request. The vocabularies here (efforts, thinking modes) are the
 * only copies in the workspace.
 */

/** How much effort the model spends (thinking, text and tool calls), lowest first. */
export const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type Effort = (typeof EFFORTS)[number];

/** Thinking modes: adaptive, thinking only between tool calls, none, or a token budget (legacy). */
export const THINKING_MODES = ['adaptive', 'between_tools', 'off', 'budget'] as const;
export type ThinkingMode = (typeof THINKING_MODES)[number];

/** How the model should think. */
export type ThinkingSetting = { mode: 'adaptive' | 'between_tools' | 'off' } | { mode: 'budget'; budgetTokens: number };

/** One price tier, USD per million tokens. */
export interface PriceTier {
  input: number;
  output: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
}

/**
 * A model's prices: its base tier, the tier for a whole request whose prompt exceeds `threshold`
 * tokens, the tier of fast mode where the model has one, and a multiplier on every price by where
 * inference runs (`{ us: 1.1 }`).
 */
export type ModelPrice = PriceTier & {
  above?: PriceTier & { threshold: number };
  fast?: PriceTier;
  geo?: Readonly<Record<string, number>>;
};

/** What a model can do beyond plain chat with tools; each flag is something the loop may rely on. */
export interface ModelCapabilities {
  /** Accepts `role: "system"` messages after a user turn (the append-only way to change instructions). */
  midConversationSystem: boolean;
  /** The provider checks earlier thinking against the conversation prefix (a changed prefix is an error). */
  preservedThinking: boolean;
  /**
   * The provider writes a compaction summary itself (`ModelRequest.compaction`) and continues from
   * it, keeping the thinking of turns kept after it valid; without it the loop writes its own summary.
   */
  serverCompaction: boolean;
  /**
   * Tools can be offered after the first request by a `role: "system"` message carrying their
   * definitions (`ToolAdditionPart`), without changing the request's tool list (its cached prefix).
   */
  midConversationTools: boolean;
  /**
   * The provider can clear old tool results itself before the prompt reaches the model
   * (`ModelRequest.clearToolResults`); the transcript sent stays whole.
   */
  toolResultClearing: boolean;
  /**
   * The provider searches tools sent with `ToolSpec.deferred` itself (the Anthropic API's tool
   * search tool): a deferred tool's definition stays out of the prompt until a search finds it.
   * Absent: false (tools over a budget are reached some other way).
   */
  toolSearch?: boolean;
}

export interface ModelDescriptor {
  /** The provider that serves it (`anthropic`, ...): the registry routes requests by this. */
  provider: string;
  id: string;
  /** False: the id is not in the provider's catalogue and these are conservative defaults. */
  known: boolean;
  contextWindow: number;
  maxOutput: number;
  /** What max tokens is when the caller sets none (never above `maxOutput`). */
  defaultMaxTokens: number;
  /** The thinking modes it accepts. */
  thinking: readonly ThinkingMode[];
  efforts: readonly Effort[];
  /** The provider's own default when no effort is sent. */
  defaultEffort?: Effort;
  /**
   * The highest effort a thinking mode is accepted at, per mode (absent: every effort the model
   * takes). The model's default effort counts when none is sent.
   */
  effortCap?: Partial<Record<ThinkingMode, Effort>>;
  capabilities: ModelCapabilities;
  /** The smallest prefix the provider caches. */
  minCacheableTokens: number;
  price: ModelPrice;
  /** Where the facts come from, and when they were checked. */
  source: string;
  checked: string;
}
