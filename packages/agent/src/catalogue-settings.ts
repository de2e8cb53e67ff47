/**
 * The model settings of an agent, resolved against the catalogue once at construction: the
 * `max_tokens` and `thinking` every request sends. Invalid settings are a programmer error here
 * (front ends check them with `checkModelSettings` first and exit with a usage error).
 */
import type { Effort, ModelInfo, ThinkingSetting } from './catalogue.js';
import { checkModelSettings, defaultThinking, modelInfo } from './catalogue.js';

export interface ResolvedModelSettings {
  info: ModelInfo;
  maxTokens: number;
  /** Absent: send no `thinking` parameter (the model does not accept adaptive thinking and none was asked for). */
  thinking?: ThinkingSetting;
}

/** Resolves and checks `thinking`, `effort` and `maxTokens` for `model`; throws with every problem. */
export function modelSettings(options: {
  model: string;
  thinking?: ThinkingSetting;
  effort?: Effort;
  maxTokens?: number;
}): ResolvedModelSettings {
  const problems = checkModelSettings(options.model, {
    ...(options.thinking !== undefined ? { thinking: options.thinking } : {}),
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
  });
  if (problems.length > 0) throw new Error(`invalid model settings: ${problems.join('; ')}`);
  const info = modelInfo(options.model);
  const chosen = options.thinking ?? defaultThinking(info);
  // `off` by default (the model takes no adaptive thinking) means leaving the parameter out.
  const thinking = options.thinking === undefined && chosen.mode === 'off' ? undefined : chosen;
  return {
    info,
    maxTokens: options.maxTokens ?? info.defaultMaxTokens,
    ...(thinking !== undefined ? { thinking } : {}),
  };
}
