import type { HarnessEnv } from './config.js';

/** The variable Claude Code sizes its skills listing with; honoured here the same way. */
export const LISTING_BUDGET_VARIABLE = 'SLASH_COMMAND_TOOL_CHAR_BUDGET';

/**
 * The skills listing budget in characters from `SLASH_COMMAND_TOOL_CHAR_BUDGET`, or undefined
 * when it is unset or empty (the agent then uses 1% of the model's window). A value that is not
 * a whole number >= 0 is ignored with a notice naming it.
 */
export function listingBudgetFromEnv(env: HarnessEnv): { budget?: number; notice?: string } {
  const raw = env[LISTING_BUDGET_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return {};
  if (/^\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) return { budget: Number(raw) };
  return {
    notice: `${LISTING_BUDGET_VARIABLE}=${JSON.stringify(raw)} is not a whole number of characters; the skills listing uses 1% of the model's context window`,
  };
}
