/**
 * The model settings of an agent, resolved against the model's descriptor: the `maxTokens` and
 * `thinking` every request sends. Invalid settings are a programmer error here (front ends check
 * them with `checkModelSettings` first and exit with a usage error).
 */
import type { Effort, ModelDescriptor, ThinkingSetting } from '@coding-harness/model';
import { checkModelSettings, defaultThinking } from '@coding-harness/model';

export interface ResolvedModelSettings {
  maxTokens: number;
  /** Absent: send no thinking setting (the model does not accept adaptive thinking and none was asked for). */
  thinking?: ThinkingSetting;
}

/** The settings `descriptor`'s model takes for these choices, or the problems (each naming the model). */
export function resolveSettings(
  descriptor: ModelDescriptor,
  options: { thinking?: ThinkingSetting; effort?: Effort; maxTokens?: number },
): ResolvedModelSettings | { problems: string[] } {
  const problems = checkModelSettings(descriptor, {
    ...(options.thinking !== undefined ? { thinking: options.thinking } : {}),
    ...(options.effort !== undefined ? { effort: options.effort } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
  });
  if (problems.length > 0) return { problems };
  const chosen = options.thinking ?? defaultThinking(descriptor);
  // `off` by default (the model takes no adaptive thinking) means leaving the setting out.
  const thinking = options.thinking === undefined && chosen.mode === 'off' ? undefined : chosen;
  return {
    maxTokens: options.maxTokens ?? descriptor.defaultMaxTokens,
    ...(thinking !== undefined ? { thinking } : {}),
  };
}

/** `resolveSettings` for an agent's construction: throws with every problem. */
export function modelSettings(
  descriptor: ModelDescriptor,
  options: { thinking?: ThinkingSetting; effort?: Effort; maxTokens?: number },
): ResolvedModelSettings {
  const resolved = resolveSettings(descriptor, options);
  if ('problems' in resolved) throw new Error(`invalid model settings: ${resolved.problems.join('; ')}`);
  return resolved;
}
