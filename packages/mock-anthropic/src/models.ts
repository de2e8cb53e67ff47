import type { ModelSpec } from './model-table.js';
import { MODEL_TABLE } from './model-table.js';

/** One model as `GET /v1/models` describes it, with the capabilities the strict mock enforces. */
export function modelInfo(spec: ModelSpec): Record<string, unknown> {
  return {
    type: 'model',
    id: spec.id,
    display_name: spec.displayName,
    created_at: spec.createdAt,
    lifecycle: 'active',
    deprecated_at: null,
    retires_at: null,
    max_input_tokens: spec.contextWindow,
    max_tokens: spec.maxOutput,
    capabilities: {
      thinking: { types: spec.thinking, default: spec.thinkingDefault, default_display: spec.defaultDisplay },
      effort: { levels: spec.efforts, default: spec.defaultEffort ?? null },
      forced_tool_choice: spec.forcedToolChoice,
      assistant_prefill: spec.prefill,
      mid_conversation_system_messages: spec.midConversationSystem,
      preserved_thinking_prefix_check: spec.prefixCheck,
      min_cacheable_tokens: spec.minCacheableTokens,
    },
  };
}

/** The models `GET /v1/models` lists, newest first: every model of the table. */
export const MOCK_MODELS: readonly Record<string, unknown>[] = MODEL_TABLE.map(modelInfo);

/** One page holding every model, in the real API's list shape. */
export function modelsPage(): Record<string, unknown> {
  return {
    data: MOCK_MODELS,
    has_more: false,
    first_id: MODEL_TABLE[0]?.id ?? null,
    last_id: MODEL_TABLE.at(-1)?.id ?? null,
  };
}
