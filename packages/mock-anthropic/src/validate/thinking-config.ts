import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import { EFFORTS } from '../model-table.js';
import type { Effort, ModelSpec, ThinkingType } from '../model-table.js';
import { isRecord } from '../tokens.js';
import type { RequestHeaders } from './headers.js';
import { BETAS } from './headers.js';

/** How the request's thinking runs, once checked. */
export interface ThinkingPlan {
  /** `off`: no thinking blocks are emitted; `between_tools`: no up-front thinking. */
  mode: 'adaptive' | 'enabled' | 'between_tools' | 'off';
  display: 'summarized' | 'omitted' | 'updates';
  /** `thinking.block_binding` was sent (it also enforces the prefix check on old accounts). */
  bindingSet: boolean;
  /** `prefix_mismatch_behavior: "drop_block"`: failing blocks are dropped instead of a 400. */
  dropBlocks: boolean;
}

const TYPES: readonly ThinkingType[] = ['enabled', 'disabled', 'adaptive', 'between_tools'];
const ADAPTIVE_HINT = 'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';

/** Per model, the 400 for a thinking type it rejects (the Sonnet 5.5 one points to between_tools). */
function rejectType(type: ThinkingType, spec: ModelSpec): string {
  if (type === 'disabled' && spec.thinking.includes('between_tools')) {
    return `"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" to turn off up-front thinking, or omit "thinking" for adaptive thinking.`;
  }
  if (type === 'enabled' || type === 'disabled')
    return `"thinking.type.${type}" is not supported for this model. ${ADAPTIVE_HINT}`;
  return `"thinking.type.${type}" is not supported for this model.`;
}

/**
 * Checks `thinking` against the model (thinking-troubleshooting table; Sonnet 5.5 and Opus 5.5
 * "what's new"): the type, the budget rules of manual thinking, `disabled` / `between_tools`
 * against the effort, `display` values, and `block_binding` behind its beta header.
 */
export function checkThinking(
  body: Record<string, unknown>,
  spec: ModelSpec,
  effort: Effort | undefined,
  headers: RequestHeaders,
): { ok: true; plan: ThinkingPlan } | { ok: false; error: ApiErrorResponse } {
  const fail = (message: string) => ({ ok: false as const, error: invalid(message) });
  const thinking = body.thinking;
  const defaultPlan: ThinkingPlan = {
    mode: spec.thinkingDefault,
    display: spec.defaultDisplay,
    bindingSet: false,
    dropBlocks: false,
  };
  if (thinking === undefined || thinking === null) return { ok: true, plan: defaultPlan };
  if (!isRecord(thinking)) return fail('thinking: Input should be a valid dictionary');
  const type = thinking.type as ThinkingType;
  if (!TYPES.includes(type))
    return fail(
      `thinking.type: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: ${TYPES.map((t) => `'${t}'`).join(', ')}`,
    );
  if (!spec.thinking.includes(type)) return fail(rejectType(type, spec));
  const allowed =
    type === 'enabled'
      ? ['type', 'budget_tokens', 'display', 'block_binding']
      : type === 'adaptive'
        ? ['type', 'display', 'block_binding']
        : ['type'];
  const extra = Object.keys(thinking).find((k) => !allowed.includes(k));
  if (extra) return fail(`thinking.${type}.${extra}: Extra inputs are not permitted`);
  const rank = (e: Effort | undefined) => EFFORTS.indexOf(e ?? 'high');

  if (type === 'enabled') {
    const budget = thinking.budget_tokens;
    if (typeof budget !== 'number' || !Number.isInteger(budget))
      return fail('thinking.enabled.budget_tokens: Field required');
    if (budget < 1024) return fail('thinking.enabled.budget_tokens: Input should be greater than or equal to 1024');
    if (typeof body.max_tokens === 'number' && body.max_tokens <= budget)
      return fail('`max_tokens` must be greater than `thinking.budget_tokens`');
  }
  if (type === 'disabled' && spec.disabledMaxEffort && rank(effort) > rank(spec.disabledMaxEffort)) {
    return fail(
      `"thinking.type.disabled" is supported only with "output_config.effort" "${spec.disabledMaxEffort}" or lower on this model; got "${effort}".`,
    );
  }
  if (type === 'between_tools' && rank(effort) > rank('high')) {
    return fail(
      `"thinking.type.between_tools" is not supported with "output_config.effort" "${effort}". Use "low", "medium" or "high".`,
    );
  }

  const display = thinking.display ?? spec.defaultDisplay;
  if (display !== 'summarized' && display !== 'omitted' && display !== 'updates')
    return fail(`thinking.${type}.display: Input should be 'summarized' or 'omitted'`);
  if (display === 'updates' && !headers.betas.has(BETAS.displayUpdates)) {
    return fail(`thinking.${type}.display: "updates" requires the anthropic-beta header "${BETAS.displayUpdates}"`);
  }
  const binding = thinking.block_binding;
  let dropBlocks = false;
  if (binding !== undefined && binding !== null) {
    if (!headers.betas.has(BETAS.thinkingBinding))
      return fail(`thinking.${type}.block_binding: requires the anthropic-beta header "${BETAS.thinkingBinding}"`);
    const behavior = isRecord(binding) ? binding.prefix_mismatch_behavior : undefined;
    if (behavior !== undefined && behavior !== null && behavior !== 'error' && behavior !== 'drop_block') {
      return fail(`thinking.${type}.block_binding.prefix_mismatch_behavior: Input should be 'error' or 'drop_block'`);
    }
    dropBlocks = behavior === 'drop_block';
  }
  const mode = type === 'disabled' ? 'off' : type;
  return { ok: true, plan: { mode, display, bindingSet: binding !== undefined && binding !== null, dropBlocks } };
}
