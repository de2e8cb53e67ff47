/**
 * Model settings over descriptors, for any provider: parsing the `--thinking` and `--effort`
 * words, the thinking a model gets when the caller chose none, and the check that says, before
 * any request, which setting a model would refuse and what it accepts instead. The flags, the
 * loop's model switches and a skill's `model:` all check through `checkModelSettings`.
 */
import type { Effort, ModelDescriptor, ThinkingMode, ThinkingSetting } from './descriptor.js';
import { EFFORTS } from './descriptor.js';

/** The smallest thinking budget a model takes (the `budget` mode's floor). */
export const MIN_BUDGET_TOKENS = 1024;

/** What a caller asks of a model; unset fields take the descriptor's defaults. */
export interface ModelSettings {
  thinking?: ThinkingSetting;
  effort?: Effort;
  maxTokens?: number;
}

/** The thinking sent when the caller chose none: adaptive where accepted, else none at all. */
export function defaultThinking(descriptor: ModelDescriptor): ThinkingSetting {
  return descriptor.thinking.includes('adaptive') ? { mode: 'adaptive' } : { mode: 'off' };
}

/** Problems with `settings` for the model, each naming it and what it accepts; [] when fine. */
export function checkModelSettings(descriptor: ModelDescriptor, settings: ModelSettings): string[] {
  const model = descriptor.id;
  const problems: string[] = [];
  const maxTokens = settings.maxTokens ?? descriptor.defaultMaxTokens;
  if (
    settings.maxTokens !== undefined &&
    (!Number.isInteger(settings.maxTokens) || settings.maxTokens < 1 || settings.maxTokens > descriptor.maxOutput)
  ) {
    problems.push(
      `${model}: max tokens ${settings.maxTokens} is out of range; it accepts a whole number from 1 to ${descriptor.maxOutput}`,
    );
  }
  if (settings.effort !== undefined && !descriptor.efforts.includes(settings.effort)) {
    problems.push(
      descriptor.efforts.length === 0
        ? `${model} takes no effort setting (got "${settings.effort}")`
        : `${model} does not accept effort "${settings.effort}"; it accepts ${descriptor.efforts.join(', ')}`,
    );
  }
  const thinking = settings.thinking;
  if (thinking === undefined) return problems;
  if (!descriptor.thinking.includes(thinking.mode)) {
    problems.push(
      `${model} does not accept thinking "${describeThinking(thinking)}"; it accepts ${descriptor.thinking.map(describeMode).join(', ')}`,
    );
    return problems;
  }
  const cap = descriptor.effortCap?.[thinking.mode];
  const effort = settings.effort ?? descriptor.defaultEffort;
  if (cap !== undefined && effort !== undefined && EFFORTS.indexOf(effort) > EFFORTS.indexOf(cap)) {
    const upTo = EFFORTS.slice(0, EFFORTS.indexOf(cap) + 1).join(', ');
    problems.push(`${model} accepts thinking "${thinking.mode}" only at effort ${upTo} (got "${effort}")`);
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
