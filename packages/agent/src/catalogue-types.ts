/** The catalogue's types, apart from its data and functions so the model table can import them without a cycle. */

export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** How the model should think: the API's modes, or a token budget (legacy extended thinking). */
export type ThinkingSetting = { mode: 'adaptive' | 'between_tools' | 'off' } | { mode: 'budget'; budgetTokens: number };

export type ThinkingMode = ThinkingSetting['mode'];

/** One price tier, USD per million tokens. */
export interface PriceTier {
  input: number;
  output: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
}

export interface ModelInfo {
  id: string;
  /** False: the id is not in the table and these are conservative defaults. */
  known: boolean;
  contextWindow: number;
  maxOutput: number;
  /** What `max_tokens` is when the caller sets none (never above `maxOutput`). */
  defaultMaxTokens: number;
  /** The thinking modes the model accepts (`off` = `{type:"disabled"}`, `budget` = `{type:"enabled"}`). */
  thinking: readonly ThinkingMode[];
  efforts: readonly Effort[];
  /** The API's own default when no effort is sent. */
  defaultEffort?: Effort;
  /** Accepts `role:"system"` messages after a user turn. */
  midConversationSystem: boolean;
  /** The API runs the prefix check on this model's thinking blocks (a changed prefix is a 400). */
  preservedThinking: boolean;
  minCacheableTokens: number;
  /** `above`: the tier that applies to a whole request whose prompt exceeds `threshold` tokens. */
  price: PriceTier & { above?: PriceTier & { threshold: number } };
  /** Where the facts come from, and when they were checked. */
  source: string;
  checked: string;
}
