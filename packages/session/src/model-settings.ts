import { checkModelSettings, parseThinkingFlag } from '@coding-harness/model';
import type { Effort, ModelDescriptor, ThinkingSetting } from '@coding-harness/model';
import type { HarnessFlags } from './args.js';
import { UsageError } from './config.js';

/** What `--thinking`, `--effort` and `--max-tokens` ask of the model; unset fields take the catalogue's defaults. */
export interface ModelSettings {
  thinking?: ThinkingSetting;
  effort?: Effort;
  maxTokens?: number;
}

/**
 * The flags' model settings, checked against what the model accepts (its descriptor) before any
 * request: a setting the API would answer with a 400 on every request is a usage error here,
 * naming the model and what it accepts. Returns the settings, or a UsageError (exit 2).
 */
export function modelSettingsFor(
  flags: Pick<HarnessFlags, 'thinking' | 'effort' | 'maxTokens'>,
  model: ModelDescriptor,
): ModelSettings | UsageError {
  const settings: ModelSettings = {};
  if (flags.thinking !== undefined) {
    const thinking = parseThinkingFlag(flags.thinking);
    if ('error' in thinking) return new UsageError(`--thinking: ${thinking.error}`);
    settings.thinking = thinking;
  }
  if (flags.effort !== undefined) settings.effort = flags.effort;
  if (flags.maxTokens !== undefined) settings.maxTokens = flags.maxTokens;
  const problems = checkModelSettings(model, settings);
  if (problems.length > 0) return new UsageError(`${problems.join('; ')} (--model picks another model)`);
  return settings;
}
