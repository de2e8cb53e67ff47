/**
 * The model catalogue: what each model id accepts (thinking modes, effort levels, output
 * limits, mid-conversation system messages), how the API treats its thinking blocks, and its
 * prices. Request building, compaction, cost estimates and the front ends' flag checks all read
 * it, so a setting the model would reject with a 400 is caught before the first request.
 */
import { FAMILY_PRICE, MODELS, MODELS_CHECKED, OFF_MAX_EFFORT } from './catalogue-models.js';

export type { Effort, ModelInfo, PriceTier, ThinkingMode, ThinkingSetting } from './catalogue-types.js';
import type { Effort, ModelInfo, ThinkingMode, ThinkingSetting } from './catalogue-types.js';

export const EFFORTS: readonly Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

/** The smallest budget the API accepts for `{type:"enabled"}` thinking. */
export const MIN_BUDGET_TOKENS = 1024;

/** Efforts `between_tools` works at (it is a 400 at xhigh and max). */
const BETWEEN_TOOLS_EFFORTS: readonly Effort[] = ['low', 'medium', 'high'];

/** The row for `id`, or conservative defaults with `known: false` (never throws). */
export function modelInfo(id: string): ModelInfo {
  const key = tableKey(id);
  const row = key !== undefined ? MODELS[key] : undefined;
  if (row) return { id, known: true, ...row, checked: MODELS_CHECKED };
  return unknownModel(id);
}

/** The ids in the table, newest families first. */
export function knownModels(): string[] {
  return Object.keys(MODELS);
}

/** The table key for an id: itself, or the id without a date suffix (`claude-haiku-4-5-20251001`). */
function tableKey(id: string): string | undefined {
  if (Object.hasOwn(MODELS, id)) return id;
  const undated = /^(.*)-\d{8}$/.exec(id)?.[1];
  return undated !== undefined && Object.hasOwn(MODELS, undated) ? undated : undefined;
}

function unknownModel(id: string): ModelInfo {
  const lower = id.toLowerCase();
  const family = FAMILY_PRICE.find(([word]) => lower.includes(word))?.[1] ?? 'claude-sonnet-5-5';
  return {
    id,
    known: false,
    contextWindow: 200_000,
    maxOutput: 128_000,
    defaultMaxTokens: 32_000,
    thinking: ['adaptive'],
    efforts: EFFORTS,
    midConversationSystem: false,
    preservedThinking: true,
    minCacheableTokens: 1024,
    price: MODELS[family]!.price,
    source: `not in the catalogue: conservative defaults, prices of ${family}`,
    checked: MODELS_CHECKED,
  };
}

/** The thinking sent when the caller chose none: adaptive where accepted, else none at all. */
export function defaultThinking(info: ModelInfo): ThinkingSetting {
  return info.thinking.includes('adaptive') ? { mode: 'adaptive' } : { mode: 'off' };
}

/** Problems with settings for a model, each naming the model and what it accepts; [] when fine. */
export function checkModelSettings(
  model: string,
  s: { thinking?: ThinkingSetting; effort?: Effort; maxTokens?: number },
): string[] {
  const info = modelInfo(model);
  const problems: string[] = [];
  const maxTokens = s.maxTokens ?? info.defaultMaxTokens;
  if (
    s.maxTokens !== undefined &&
    (!Number.isInteger(s.maxTokens) || s.maxTokens < 1 || s.maxTokens > info.maxOutput)
  ) {
    problems.push(
      `${model}: max tokens ${s.maxTokens} is out of range; it accepts a whole number from 1 to ${info.maxOutput}`,
    );
  }
  if (s.effort !== undefined && !info.efforts.includes(s.effort)) {
    problems.push(
      info.efforts.length === 0
        ? `${model} takes no effort setting (got "${s.effort}")`
        : `${model} does not accept effort "${s.effort}"; it accepts ${info.efforts.join(', ')}`,
    );
  }
  const thinking = s.thinking;
  if (thinking === undefined) return problems;
  if (!info.thinking.includes(thinking.mode)) {
    problems.push(
      `${model} does not accept thinking "${describeThinking(thinking)}"; it accepts ${info.thinking.map(describeMode).join(', ')}`,
    );
    return problems;
  }
  if (thinking.mode === 'between_tools' && s.effort !== undefined && !BETWEEN_TOOLS_EFFORTS.includes(s.effort)) {
    problems.push(
      `${model} accepts thinking "between_tools" only at effort ${BETWEEN_TOOLS_EFFORTS.join(', ')} (got "${s.effort}")`,
    );
  }
  const offCap = OFF_MAX_EFFORT[tableKey(model) ?? ''];
  const effort = s.effort ?? info.defaultEffort;
  if (
    thinking.mode === 'off' &&
    offCap !== undefined &&
    effort !== undefined &&
    EFFORTS.indexOf(effort) > EFFORTS.indexOf(offCap)
  ) {
    problems.push(`${model} accepts thinking "off" only up to effort ${offCap} (got "${effort}")`);
  }
  if (thinking.mode === 'budget') {
    const b = thinking.budgetTokens;
    if (!Number.isInteger(b) || b < MIN_BUDGET_TOKENS)
      problems.push(
        `${model}: a thinking budget must be a whole number of at least ${MIN_BUDGET_TOKENS} tokens (got ${b})`,
      );
    else if (b >= maxTokens)
      problems.push(`${model}: the thinking budget (${b}) must be below max tokens (${maxTokens})`);
  }
  return problems;
}

/**
 * Parses a `--thinking` value: `adaptive`, `between_tools`, `off`, or a token budget N
 * (a whole number of at least 1,024). The error text says what is accepted.
 */
export function parseThinkingFlag(text: string): ThinkingSetting | { error: string } {
  const t = text.trim();
  if (t === 'adaptive' || t === 'between_tools' || t === 'off') return { mode: t };
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n >= MIN_BUDGET_TOKENS && Number.isSafeInteger(n)) return { mode: 'budget', budgetTokens: n };
    return {
      error: `a thinking budget must be at least ${MIN_BUDGET_TOKENS} tokens (got ${t}); use "off" for no thinking`,
    };
  }
  return {
    error: `thinking must be adaptive, between_tools, off or a token budget (a whole number of at least ${MIN_BUDGET_TOKENS}); got "${text}"`,
  };
}

/** Parses an effort name; undefined for anything else. */
export function parseEffort(text: string): Effort | undefined {
  const t = text.trim();
  return (EFFORTS as readonly string[]).includes(t) ? (t as Effort) : undefined;
}

function describeThinking(t: ThinkingSetting): string {
  return t.mode === 'budget' ? `a ${t.budgetTokens}-token budget` : t.mode;
}

function describeMode(mode: ThinkingMode): string {
  return mode === 'budget' ? 'a token budget' : mode;
}
