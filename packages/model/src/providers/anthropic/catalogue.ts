/**
 * The Anthropic catalogue as descriptors: what each model id accepts (thinking modes, effort
 * levels, output limits, mid-conversation system messages), how the API treats its thinking
 * blocks, and its prices. The neutral checks (`checkModelSettings`, `estimateCostUsd`) read these,
 * so a setting the model would reject with a 400 is caught before the first request.
 */
import type { ModelDescriptor, ModelPrice } from '../../index.js';
import { EFFORTS } from '../../index.js';
import {
  FAMILY_PRICE,
  FAST_PRICE,
  GEO_MULTIPLIERS,
  MODELS,
  MODELS_CHECKED,
  NO_INFERENCE_GEO,
} from './catalogue-models.js';
import { ANTHROPIC } from './wire.js';

/** The descriptor of `id`: its row, or conservative defaults with `known: false` (never throws). */
export function describeModel(id: string): ModelDescriptor {
  const key = tableKey(id);
  const row = key !== undefined ? MODELS[key] : undefined;
  if (row && key !== undefined)
    return { provider: ANTHROPIC, id, known: true, ...row, price: priceOf(key, row.price), checked: MODELS_CHECKED };
  return unknownModel(id);
}

/** A row's price with the geography multipliers and fast tier that apply to its model. */
function priceOf(key: string, base: ModelPrice): ModelPrice {
  const fast = FAST_PRICE[key];
  return {
    ...base,
    ...(fast ? { fast } : {}),
    ...(NO_INFERENCE_GEO.has(key) ? {} : { geo: GEO_MULTIPLIERS }),
  };
}

/** The ids in the table, newest families first. */
export function catalogueModels(): string[] {
  return Object.keys(MODELS);
}

/** True for an id of the table (dated or not), or one that names a Claude family: worth trying here. */
export function servesModel(id: string): boolean {
  return tableKey(id) !== undefined || /^claude-/i.test(id);
}

/** Claude Code's model aliases: each the newest model of its family in the table (listed newest first). */
const ALIASES = ['sonnet', 'opus', 'haiku'] as const;

/** The model id an alias (`sonnet`, `opus`, `haiku`) stands for; undefined for any other word. */
export function aliasModel(name: string): string | undefined {
  const alias = ALIASES.find((a) => a === name.trim().toLowerCase());
  return alias === undefined ? undefined : catalogueModels().find((id) => id.startsWith(`claude-${alias}-`));
}

/** The table key for an id: itself, or the id without a date suffix (`claude-haiku-4-5-20251001`). */
function tableKey(id: string): string | undefined {
  if (Object.hasOwn(MODELS, id)) return id;
  const undated = /^(.*)-\d{8}$/.exec(id)?.[1];
  return undated !== undefined && Object.hasOwn(MODELS, undated) ? undated : undefined;
}

function unknownModel(id: string): ModelDescriptor {
  const lower = id.toLowerCase();
  const family = FAMILY_PRICE.find(([word]) => lower.includes(word))?.[1] ?? 'claude-sonnet-5-5';
  return {
    provider: ANTHROPIC,
    id,
    known: false,
    contextWindow: 200_000,
    maxOutput: 128_000,
    defaultMaxTokens: 32_000,
    thinking: ['adaptive'],
    efforts: EFFORTS,
    capabilities: {
      midConversationSystem: false,
      preservedThinking: true,
      serverCompaction: false,
      midConversationTools: false,
      toolResultClearing: false,
    },
    minCacheableTokens: 1024,
    price: priceOf(family, MODELS[family]!.price),
    source: `not in the catalogue: conservative defaults, prices of ${family}`,
    checked: MODELS_CHECKED,
  };
}
