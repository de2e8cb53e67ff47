/** The models `GET /v1/models` lists, newest first. */
export const MOCK_MODELS = [
  { type: 'model', id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', created_at: '2026-01-15T00:00:00Z' },
  { type: 'model', id: 'claude-sonnet-5-5', display_name: 'Claude Sonnet 5.5', created_at: '2026-01-15T00:00:00Z' },
  { type: 'model', id: 'claude-haiku-5-5', display_name: 'Claude Haiku 5.5', created_at: '2026-01-15T00:00:00Z' },
] as const;

/** One page holding every model, in the real API's list shape. */
export function modelsPage(): Record<string, unknown> {
  return { data: MOCK_MODELS, has_more: false, first_id: MOCK_MODELS[0].id, last_id: MOCK_MODELS[MOCK_MODELS.length - 1]?.id ?? null };
}
