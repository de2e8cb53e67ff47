/**
 * When the provider clears old tool results before the model reads the prompt (context editing):
 * only where the model's descriptor says `toolResultClearing`, only on the loop's own requests
 * (never a summary or compaction request, which must read everything), and only past half the
 * context window, well before compaction (80%). Clearing changes the prompt at the first result
 * it clears, so the cache is written again from there: each activation must free enough to pay
 * for that (`clearAtLeast`, a tenth of the window), and the newest results, which the model is
 * most likely still working from, are kept. Measured in bench/RESULTS.md (agent tool-result
 * clearing).
 */
import type { ToolResultClearing } from '@coding-harness/model';
import type { AgentConfig } from './state.js';

/** The policy as fractions of the context window, and the tool uses kept whole. */
export const CLEARING = { trigger: 0.5, clearAtLeast: 0.1, keepToolUses: 4 } as const;

/** The clearing a loop request asks for, or undefined (off, or the model cannot). */
export function toolResultClearing(config: AgentConfig): ToolResultClearing | undefined {
  if (!config.clearToolResults || !config.descriptor.capabilities.toolResultClearing) return undefined;
  return {
    triggerTokens: Math.floor(CLEARING.trigger * config.contextWindow),
    keepToolUses: config.clearToolResults.keepToolUses,
    clearAtLeastTokens: Math.floor(CLEARING.clearAtLeast * config.contextWindow),
  };
}
