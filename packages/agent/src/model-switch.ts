/**
 * Changing the model or the effort of a running session between turns (`/model`, `/effort`):
 * the next request is built with the new settings, and nothing already sent changes. `system`
 * and `tools` keep their bytes (a thinking block sent back is checked against them), the
 * transcript stays as it is (a provider drops thinking the new model cannot read), and what the
 * caller fixed at construction (a thinking mode, `maxTokens`, a context window) stays fixed; the
 * rest comes from the new model's descriptor. A setting the new model would refuse is refused
 * before any request, with the descriptor's reason.
 */
import type { Effort, ThinkingSetting } from '@coding-harness/model';
import { resolveSettings } from './catalogue-settings.js';
import type { AgentConfig } from './state.js';

/** The settings the agent's creator chose; undefined fields follow the model. */
export interface FixedSettings {
  thinking?: ThinkingSetting;
  maxTokens?: number;
  contextWindow?: number;
}

/** The model settings the next request will use, as `/status` shows them. */
export interface CurrentSettings {
  model: string;
  effort?: Effort;
  thinking?: ThinkingSetting;
  maxTokens: number;
  contextWindow: number;
}

/** What the config's next request uses. */
export function currentSettings(config: AgentConfig): CurrentSettings {
  return {
    model: config.model,
    ...(config.effort !== undefined ? { effort: config.effort } : {}),
    ...(config.thinking !== undefined ? { thinking: config.thinking } : {}),
    maxTokens: config.maxTokens,
    contextWindow: config.contextWindow,
  };
}

/**
 * Applies `model` and `effort` (undefined: the model's own default effort) to `config` if the
 * model's descriptor accepts them with the fixed settings. Returns the problems (each naming the
 * model and what it accepts) and changes nothing when there are any.
 */
export function applySettings(
  config: AgentConfig,
  fixed: FixedSettings,
  model: string,
  effort: Effort | undefined,
): string[] {
  const { provider, descriptor } = config.providers.resolve(model);
  const resolved = resolveSettings(descriptor, {
    ...(fixed.thinking !== undefined ? { thinking: fixed.thinking } : {}),
    ...(fixed.maxTokens !== undefined ? { maxTokens: fixed.maxTokens } : {}),
    ...(effort !== undefined ? { effort } : {}),
  });
  if ('problems' in resolved) return resolved.problems;
  config.model = model;
  config.provider = provider;
  config.descriptor = descriptor;
  config.maxTokens = resolved.maxTokens;
  if (resolved.thinking !== undefined) config.thinking = resolved.thinking;
  else delete config.thinking;
  if (effort !== undefined) config.effort = effort;
  else delete config.effort;
  config.contextWindow = fixed.contextWindow ?? descriptor.contextWindow;
  return [];
}
