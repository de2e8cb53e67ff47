/**
 * The Anthropic model table: one row per model id, each with where its facts come from and when
 * they were checked. Update this file (only) when a model ships or a price changes. Prices are
 * USD per million tokens at list price. Rows state what the API accepts, so request building and
 * the front ends' flag checks read one source (as descriptors: catalogue.ts).
 */
import type { Effort, ModelDescriptor, ModelPrice, PriceTier } from '../../index.js';
import { EFFORTS } from '../../index.js';

const ALL_EFFORTS: readonly Effort[] = EFFORTS;
/** Opus 4.6 and Sonnet 4.6 predate `xhigh`. */
const NO_XHIGH: readonly Effort[] = EFFORTS.filter((e) => e !== 'xhigh');
const CHECKED = '2026-12-01';
const DOCS = 'https://platform.claude.com/docs/en';

/** A row: a descriptor without what catalogue.ts fills in. */
export type Row = Omit<ModelDescriptor, 'provider' | 'id' | 'known' | 'checked'>;

/**
 * Models that accept thinking `off` (`{type:"disabled"}`) only up to high effort: with thinking
 * off they reject xhigh and max (Opus 5, Sonnet 5, Haiku 5.5; the cap on Sonnet 5 is unconfirmed).
 */
const OFF_UP_TO_HIGH = { off: 'high' } as const;

/** Standard cache multipliers: 5m write 1.25x input, 1h write 2x, read 0.1x. */
function standard(input: number, output: number): ModelPrice {
  return { input, output, cacheWrite5m: input * 1.25, cacheWrite1h: input * 2, cacheRead: input * 0.1 };
}

const M1 = 1_000_000;
const K128 = 128_000;

/**
 * Current and recent models, keyed by their API id (no date suffix). `serverCompaction`: the
 * models of on-demand compaction (beta `compact-2026-09-04`; platform docs, build-with-claude/compaction-on-demand,
 * its supported-models list: Fable 5.1 and 5, Mythos, Opus 5.5, 5, 4.8, 4.7, 4.6, Sonnet 5.5, 5,
 * 4.6, Haiku 5.5; Fable 5.2 is not listed yet, so it keeps the client summary). `midConversationTools`:
 * the models of mid-conversation system messages, on which tool changes are in beta
 * (platform docs, build-with-claude/mid-conversation-system-messages: "in beta on the same models").
 * `toolSearch`: every model here takes the tool search tool (GA, agents-and-tools/tool-use/tool-reference;
 * its model list starts at the 4.5 generation).
 */
export const MODELS: Readonly<Record<string, Row>> = {
  'claude-sonnet-5-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: K128,
    thinking: ['adaptive', 'between_tools'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    // between_tools is a 400 at xhigh and max.
    effortCap: { between_tools: 'high' },
    capabilities: {
      midConversationSystem: true,
      preservedThinking: true,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: { input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.1 },
    source: `${DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5; ${DOCS}/models/sonnet-5-5/migration-guide (cache read $0.10 from 2026-10-07; max_tokens 128,000 from its prompting guide)`,
  },
  'claude-opus-5-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'medium',
    capabilities: {
      midConversationSystem: true,
      preservedThinking: true,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: { input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.2 },
    source: `${DOCS}/models/opus-5-5/overview (adaptive always on; minimum cacheable prompt as Opus 5, unconfirmed)`,
  },
  'claude-haiku-5-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'medium',
    effortCap: OFF_UP_TO_HIGH,
    capabilities: {
      midConversationSystem: true,
      preservedThinking: true,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 1024,
    price: {
      input: 0.1,
      output: 0.5,
      cacheWrite5m: 0.125,
      cacheWrite1h: 0.2,
      cacheRead: 0.01,
      above: { threshold: 100_000, input: 0.5, output: 2.5, cacheWrite5m: 0.625, cacheWrite1h: 1, cacheRead: 0.05 },
    },
    source: `${DOCS}/models/haiku-5-5/overview (tier above 100k prompt tokens; cache read and minimum cacheable prompt unconfirmed)`,
  },
  'claude-fable-5-2': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: true,
      preservedThinking: true,
      serverCompaction: false,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: { input: 8, output: 40, cacheWrite5m: 10, cacheWrite1h: 16, cacheRead: 0.2 },
    source: `${DOCS}/about-claude/pricing (Fable 5.2 row, released 2026-11-09; cache read 0.025x input as Fable 5.1)`,
  },
  'claude-fable-5-1': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: true,
      preservedThinking: true,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: { input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20, cacheRead: 0.25 },
    source: `${DOCS}/about-claude/pricing; ${DOCS}/models/fable-5-1/overview (adaptive always on)`,
  },
  'claude-fable-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: true,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: standard(10, 50),
    source: `${DOCS}/models/fable-5/overview (legacy; disabled thinking rejected)`,
  },
  'claude-sonnet-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    effortCap: OFF_UP_TO_HIGH,
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 1024,
    price: { input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.2 },
    source: `${DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5 (Sonnet 5 column: adaptive or disabled, 1,024-token cache minimum, no mid-conversation system)`,
  },
  'claude-opus-5': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    effortCap: OFF_UP_TO_HIGH,
    capabilities: {
      midConversationSystem: true,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 512,
    price: standard(5, 25),
    source: `${DOCS}/models/opus-5/overview (disabled thinking assumed accepted, unconfirmed)`,
  },
  'claude-opus-4-8': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: true,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: true,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 1024,
    price: standard(5, 25),
    source: `${DOCS}/models/opus-4-8/overview; whats-new-claude-4-8 (mid-conversation system messages); thinking-troubleshooting (budgets rejected)`,
  },
  'claude-opus-4-7': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off'],
    efforts: ALL_EFFORTS,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 2048,
    price: standard(5, 25),
    source: `${DOCS}/build-with-claude/thinking-troubleshooting (4.7 rejects budgets); ${DOCS}/build-with-claude/effort`,
  },
  'claude-opus-4-6': {
    contextWindow: M1,
    maxOutput: K128,
    defaultMaxTokens: 64_000,
    thinking: ['adaptive', 'off', 'budget'],
    efforts: NO_XHIGH,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 4096,
    price: standard(5, 25),
    source: `${DOCS}/models/opus-4-6/overview; whats-new-claude-4-6 (budgets deprecated, still accepted; max effort new)`,
  },
  'claude-sonnet-4-6': {
    contextWindow: M1,
    maxOutput: 64_000,
    defaultMaxTokens: 32_000,
    thinking: ['adaptive', 'off', 'budget'],
    efforts: NO_XHIGH,
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: true,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 2048,
    price: standard(3, 15),
    source: `${DOCS}/build-with-claude/thinking-troubleshooting (budgets deprecated on 4.6); ${DOCS}/build-with-claude/effort`,
  },
  'claude-haiku-4-5': {
    contextWindow: 200_000,
    maxOutput: 64_000,
    defaultMaxTokens: 32_000,
    thinking: ['off', 'budget'],
    efforts: [],
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: false,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 4096,
    price: standard(1, 5),
    source: `${DOCS}/build-with-claude/thinking-troubleshooting (extended thinking is its only mode)`,
  },
  'claude-sonnet-4-5': {
    contextWindow: 200_000,
    maxOutput: 64_000,
    defaultMaxTokens: 32_000,
    thinking: ['off', 'budget'],
    efforts: [],
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: false,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 1024,
    price: standard(3, 15),
    source: `${DOCS}/build-with-claude/thinking-troubleshooting (extended thinking only; rejects effort)`,
  },
  'claude-opus-4-5': {
    contextWindow: 200_000,
    maxOutput: 64_000,
    defaultMaxTokens: 32_000,
    thinking: ['off', 'budget'],
    efforts: ['low', 'medium', 'high'],
    defaultEffort: 'high',
    capabilities: {
      midConversationSystem: false,
      preservedThinking: false,
      serverCompaction: false,
      midConversationTools: false,
      toolResultClearing: true,
      toolSearch: true,
    },
    minCacheableTokens: 4096,
    price: standard(5, 25),
    source: `${DOCS}/build-with-claude/effort (Opus 4.5: low/medium/high, no max)`,
  },
};

/** The checked date of every row (one review of the whole table). */
export const MODELS_CHECKED = CHECKED;

/**
 * The family rows whose prices an unknown id borrows (an estimate beats no figure): the
 * current model of the family the id names, else the default model.
 */
export const FAMILY_PRICE: readonly [word: string, id: string][] = [
  ['fable', 'claude-fable-5-2'],
  ['mythos', 'claude-fable-5-2'],
  ['opus', 'claude-opus-5-5'],
  ['haiku', 'claude-haiku-5-5'],
  ['sonnet', 'claude-sonnet-5-5'],
];

/**
 * Where inference ran, as a multiplier on every price (`usage.inference_geo`): US-only inference
 * costs 1.1x, on Opus 4.6 and every later model (platform docs, build-with-claude/data-residency;
 * docs.aws.amazon.com claude-platform data-residency: "A 1.1x pricing multiplier applies").
 */
export const GEO_MULTIPLIERS: Readonly<Record<string, number>> = { us: 1.1 };

/** The models that predate `inference_geo` (a request naming it is a 400): no multiplier. */
export const NO_INFERENCE_GEO: ReadonlySet<string> = new Set([
  'claude-haiku-4-5',
  'claude-sonnet-4-5',
  'claude-opus-4-5',
]);

/**
 * Fast mode's prices (`usage.speed: "fast"`), where known: Opus 5 $10 / $50 (platform docs, models/opus-5/overview),
 * Opus 5.5 $8 / $40 (third-party, unconfirmed). Cache prices keep their usual multipliers of the
 * fast input price (assumed). Another model's fast requests are priced at its list price.
 */
export const FAST_PRICE: Readonly<Record<string, PriceTier>> = {
  'claude-opus-5': standard(10, 50),
  'claude-opus-5-5': standard(8, 40),
};
