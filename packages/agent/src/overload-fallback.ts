/**
 * Claude Code's `--fallback-model`: when the model is still overloaded after every retry, the
 * request is sent once more, on the fallback model, for the rest of the turn (a `retry` event
 * names both models). Only overload switches: a rate limit, an outage of the whole API or an
 * auth error would fail the same way on any model. The fallback takes the turn's settings where
 * it can, else its defaults (as the refusal fallback does).
 */
import type { ModelError } from '@coding-harness/model';
import { applySettings } from './model-switch.js';
import type { AgentConfig, Emit } from './state.js';

/** True when `config` now points at the fallback model (send again from the first attempt). */
export function switchToFallback(config: AgentConfig & { fellBack?: boolean }, error: ModelError, emit: Emit): boolean {
  const fallback = config.fallbackModel;
  if (error.kind !== 'overloaded' || fallback === undefined || config.fellBack === true) return false;
  if (fallback === config.model || fallback === config.descriptor.id) return false;
  const from = config.model;
  const kept = applySettings(
    config,
    { thinking: config.thinking, maxTokens: config.maxTokens },
    fallback,
    config.effort,
  );
  if (kept.length > 0 && applySettings(config, {}, fallback, undefined).length > 0) {
    emit({
      type: 'notice',
      message: `${from} is overloaded, and the fallback model ${fallback} cannot be used: ${kept[0]}`,
    });
    return false;
  }
  config.fellBack = true;
  emit({
    type: 'retry',
    attempt: 1,
    maxAttempts: 2,
    delayMs: 0,
    reason: `${from} is overloaded; sending the request to the fallback model ${fallback} for the rest of this turn`,
    partialDiscarded: true,
  });
  return true;
}
