/**
 * A refusal the API pairs with a recommended model (`stop_details.recommended_model`; platform
 * docs, build-with-claude/refusals-and-fallback: retry a refused request on a fallback model,
 * with the refused turn kept out of the conversation). By default the agent says which model and
 * how to use it (`/model`); with `refusalRetry` it retries the same request once on that model,
 * for the rest of the turn, with the settings that model takes (the user's where it takes them,
 * else its defaults).
 */
import { applySettings } from './model-switch.js';
import type { AgentConfig, Emit } from './state.js';
import type { StopDetails } from './stop-reasons.js';

/** The turn's config after a refusal: true when it now points at the recommended model (send again). */
export function retryOnRecommended(
  config: AgentConfig & { refusalRetried?: boolean },
  details: StopDetails | undefined,
  emit: Emit,
): boolean {
  const model = details?.recommendedModel;
  if (model === undefined || model === config.model || model === config.descriptor.id) return false;
  if (!config.refusalRetry || config.refusalRetried) {
    emit({
      type: 'notice',
      message: `the API recommends ${model} for this request: switch with /model ${model} and send it again (or run with --refusal-retry to retry once on it by itself)`,
    });
    return false;
  }
  const from = config.model;
  const kept = applySettings(config, { thinking: config.thinking, maxTokens: config.maxTokens }, model, config.effort);
  if (kept.length > 0 && applySettings(config, {}, model, undefined).length > 0) {
    emit({
      type: 'notice',
      message: `the API recommends ${model}, but it takes none of this session's settings; not retried`,
    });
    return false;
  }
  config.refusalRetried = true;
  emit({
    type: 'retry',
    attempt: 1,
    maxAttempts: 2,
    delayMs: 0,
    reason: `${from} refused (category: ${details?.category ?? 'none given'}); retrying once on ${model}, which the API recommends, for the rest of this turn`,
    partialDiscarded: true,
  });
  return true;
}
