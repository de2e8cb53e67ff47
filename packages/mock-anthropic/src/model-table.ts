/**
 * The per-model facts the strict mock enforces (December 2026). Data only: every rule in
 * `validate/` reads this table instead of branching on model names. Where a value is not on an
 * official page, `source` says so.
 */
export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';
export type ThinkingType = 'enabled' | 'adaptive' | 'disabled' | 'between_tools';

export interface ModelSpec {
  id: string;
  displayName: string;
  createdAt: string;
  contextWindow: number;
  maxOutput: number;
  /** `thinking.type` values the model accepts; anything else is a 400. */
  thinking: readonly ThinkingType[];
  /** What a request without `thinking` gets. */
  thinkingDefault: 'adaptive' | 'off';
  /** `disabled` is accepted only at this effort or below (Opus 5, Haiku 5.5). */
  disabledMaxEffort?: Effort;
  /** `output_config.effort` values the model accepts (empty: no effort parameter). */
  efforts: readonly Effort[];
  defaultEffort?: Effort;
  /** Thinking display when the request names none. */
  defaultDisplay: 'summarized' | 'omitted';
  /** False: `tool_choice` any/tool is always a 400. True: only while manual thinking is on. */
  forcedToolChoice: boolean;
  /** False: a last assistant message (prefill) is a 400. */
  prefill: boolean;
  /** True: non-default temperature/top_p/top_k are a 400 even under anthropic-version 2023-06-01. */
  samplingRemoved: boolean;
  /** Accepts `role: "system"` messages placed right after a user turn. */
  midConversationSystem: boolean;
  /** Accepts `tool_addition` / `tool_removal` blocks in those messages (beta; the same models). */
  toolChanges: boolean;
  /** Serves on-demand compaction (`compaction: {type: "summarize"}`, beta `compact-2026-09-04`). */
  compaction: boolean;
  /** Runs the preserved-thinking prefix check on thinking blocks sent back. */
  prefixCheck: boolean;
  /** Its thinking blocks are bound to the account that produced them. */
  accountBound: boolean;
  /** Other models whose thinking blocks this model can read (its own always). */
  reads: readonly string[];
  /** Its blocks are readable by every model (not locked to the producer). */
  portableBlocks: boolean;
  minCacheableTokens: number;
  source: string;
}

/** Every `output_config.effort` value, lowest first (the API's enum). */
export const EFFORTS: readonly Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];
const ALL_EFFORTS = EFFORTS;
const M = 1_000_000;

const current5x = {
  contextWindow: M,
  maxOutput: 128_000,
  thinkingDefault: 'adaptive',
  efforts: ALL_EFFORTS,
  defaultEffort: 'high',
  defaultDisplay: 'omitted',
  forcedToolChoice: false,
  prefill: false,
  samplingRemoved: true,
  midConversationSystem: true,
  toolChanges: true,
  compaction: true,
  prefixCheck: true,
  accountBound: false,
  reads: [],
  portableBlocks: false,
  minCacheableTokens: 512,
} as const satisfies Partial<ModelSpec>;

const DOCS = 'https://platform.claude.com/docs';

/** Every model the strict mock serves, newest first. Any other id is a 404 `not_found_error`. */
export const MODEL_TABLE: readonly ModelSpec[] = [
  {
    ...current5x,
    id: 'claude-haiku-5-5',
    displayName: 'Claude Haiku 5.5',
    createdAt: '2026-10-07T00:00:00Z',
    thinking: ['adaptive', 'disabled'],
    disabledMaxEffort: 'high',
    defaultEffort: 'medium',
    forcedToolChoice: true,
    accountBound: true,
    portableBlocks: true,
    source: `${DOCS}/en/models/haiku-5-5/overview; Bedrock preserved-thinking page (portable blocks); cache minimum unconfirmed`,
  },
  {
    ...current5x,
    id: 'claude-sonnet-5-5',
    displayName: 'Claude Sonnet 5.5',
    createdAt: '2026-09-28T00:00:00Z',
    thinking: ['adaptive', 'between_tools'],
    accountBound: true,
    source: `${DOCS}/en/models/sonnet-5-5/whats-new-sonnet-5-5; ${DOCS}/en/models/sonnet-5-5/migration-guide`,
  },
  {
    ...current5x,
    id: 'claude-opus-5-5',
    displayName: 'Claude Opus 5.5',
    createdAt: '2026-08-20T00:00:00Z',
    thinking: ['adaptive'],
    defaultEffort: 'medium',
    source: `${DOCS}/zh-CN/models/opus-5-5/whats-new-opus-5-5; cache minimum unconfirmed`,
  },
  ...(['claude-fable-5-2', 'claude-mythos-5-2', 'claude-fable-5-1', 'claude-mythos-5-1'] as const).map((id) => ({
    ...current5x,
    id,
    displayName: `Claude ${id.includes('fable') ? 'Fable' : 'Mythos'} ${id.endsWith('5-2') ? '5.2' : '5.1'}`,
    createdAt: id.endsWith('5-2') ? '2026-10-01T00:00:00Z' : '2026-08-01T00:00:00Z',
    thinking: ['adaptive'] as const,
    // On-demand compaction lists Fable / Mythos 5.1, not 5.2 (compaction-on-demand, supported models).
    compaction: id.endsWith('5-1'),
    reads: id === 'claude-fable-5-1' ? ['claude-opus-5', 'claude-opus-5-5'] : [],
    source: `${DOCS}/build-with-claude/preserved-thinking; ${DOCS}/en/about-claude/pricing`,
  })),
  {
    ...current5x,
    id: 'claude-opus-5',
    displayName: 'Claude Opus 5',
    createdAt: '2026-07-24T00:00:00Z',
    thinking: ['adaptive', 'disabled'],
    disabledMaxEffort: 'high',
    forcedToolChoice: true,
    prefixCheck: false,
    source: `${DOCS}/en/models/opus-5/migration-guide`,
  },
  {
    ...current5x,
    id: 'claude-sonnet-5',
    displayName: 'Claude Sonnet 5',
    createdAt: '2026-06-09T00:00:00Z',
    thinking: ['adaptive', 'disabled'],
    disabledMaxEffort: 'high',
    forcedToolChoice: true,
    midConversationSystem: false,
    toolChanges: false,
    prefixCheck: false,
    minCacheableTokens: 1024,
    source: `${DOCS}/en/models/sonnet-5-5/migration-guide (Sonnet 5 column of the comparison); disabled-effort cap unconfirmed`,
  },
  {
    ...current5x,
    id: 'claude-opus-4-8',
    displayName: 'Claude Opus 4.8',
    createdAt: '2026-05-28T00:00:00Z',
    thinking: ['adaptive', 'disabled'],
    thinkingDefault: 'off',
    forcedToolChoice: true,
    prefixCheck: false,
    minCacheableTokens: 1024,
    source: `${DOCS}/about-claude/models/whats-new-claude-4-8; ${DOCS}/build-with-claude/thinking-troubleshooting`,
  },
  {
    ...current5x,
    id: 'claude-sonnet-4-6',
    displayName: 'Claude Sonnet 4.6',
    createdAt: '2026-02-17T00:00:00Z',
    maxOutput: 64_000,
    thinking: ['enabled', 'adaptive', 'disabled'],
    thinkingDefault: 'off',
    efforts: ['low', 'medium', 'high', 'max'],
    defaultDisplay: 'summarized',
    forcedToolChoice: true,
    samplingRemoved: false,
    midConversationSystem: false,
    toolChanges: false,
    prefixCheck: false,
    minCacheableTokens: 2048,
    source: `${DOCS}/build-with-claude/thinking-troubleshooting (budgets deprecated, still accepted on 4.6); cache minimum from third-party tables`,
  },
  {
    ...current5x,
    id: 'claude-haiku-4-5',
    displayName: 'Claude Haiku 4.5',
    createdAt: '2025-10-15T00:00:00Z',
    contextWindow: 200_000,
    maxOutput: 64_000,
    thinking: ['enabled', 'disabled'],
    thinkingDefault: 'off',
    efforts: [],
    defaultEffort: undefined,
    defaultDisplay: 'summarized',
    forcedToolChoice: true,
    prefill: true,
    samplingRemoved: false,
    midConversationSystem: false,
    toolChanges: false,
    compaction: false,
    prefixCheck: false,
    minCacheableTokens: 4096,
    source: `${DOCS}/build-with-claude/extended-thinking; cache minimum from third-party tables`,
  },
];

const BY_ID = new Map(MODEL_TABLE.map((m) => [m.id, m]));

/** The spec of a served model, or undefined for an unknown or retired id. */
export function modelSpec(id: string): ModelSpec | undefined {
  return BY_ID.get(id);
}

/**
 * What lenient mode uses for any model id: accepts every setting the 2025 mock accepted
 * (budgets, sampling, prefill, forced tools), with the old 1,024-token cache floor.
 */
export function lenientSpec(id: string): ModelSpec {
  const known = BY_ID.get(id);
  return {
    ...(known ?? current5x),
    id,
    displayName: known?.displayName ?? id,
    createdAt: known?.createdAt ?? '2026-01-01T00:00:00Z',
    contextWindow: Number.MAX_SAFE_INTEGER,
    maxOutput: Number.MAX_SAFE_INTEGER,
    thinking: ['enabled', 'adaptive', 'disabled', 'between_tools'],
    thinkingDefault: 'off',
    defaultDisplay: 'summarized',
    forcedToolChoice: true,
    prefill: true,
    samplingRemoved: false,
    midConversationSystem: true,
    toolChanges: true,
    compaction: true,
    prefixCheck: false,
    accountBound: false,
    reads: [],
    portableBlocks: true,
    minCacheableTokens: 1024,
    source: 'lenient mode',
  };
}
