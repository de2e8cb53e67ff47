/**
 * A model reply as the loop sees it while it streams: deltas to show as they arrive, then one
 * terminal event with the whole message or the failure. A provider reads its own wire stream
 * (and checks it) and yields these; it never throws, and every stream ends with exactly one
 * `done` or `error`.
 */
import type { ModelError } from './errors.js';
import type { Message, Part } from './messages.js';
import type { Usage } from './usage.js';

/**
 * Why the model stopped. `end_turn`, `tool_use`, `max_tokens`, `stop_sequence`, `pause_turn`
 * (the provider paused a long turn of its own server tools), `refusal`,
 * `model_context_window_exceeded`, `compaction` (a compaction request's summary is complete). A
 * provider maps its own reasons onto these.
 */
export const MODEL_STOP_REASONS = [
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
  'compaction',
] as const;
export type ModelStopReason = (typeof MODEL_STOP_REASONS)[number];

/** Why the model stopped, beyond the reason (a refusal's category and explanation; a model to retry on). */
export interface StopDetails {
  category: string | null;
  explanation: string | null;
  /** A model the provider recommends for a retry of a refused request. */
  recommendedModel?: string;
}

export type ModelEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  /** Something the provider skipped or repaired while reading (an unknown block type); each reason once. */
  | { type: 'notice'; message: string }
  /**
   * The reply is complete. `message` is the assistant message (parts in order); tool calls whose
   * input was cut by `max_tokens` are listed in `truncatedToolCalls` (their input is `{}`).
   */
  | {
      type: 'done';
      message: Message;
      stopReason: ModelStopReason | null;
      stopDetails?: StopDetails;
      usage: Usage;
      truncatedToolCalls: string[];
    }
  /** The request failed; `completed` holds the parts that finished before it (kept when the user aborted). */
  | { type: 'error'; error: ModelError; completed: Part[]; usage: Usage };
