/**
 * How a harness turn ended, as the `stopReason` of ACP's `session/prompt` response. ACP has no
 * "failed": a turn that ended in an error answers the prompt with a JSON-RPC error carrying the
 * message instead (`undefined` here), so the editor shows it as a failure.
 */
import type { StopReason } from '@agentclientprotocol/sdk';
import type { TurnStopReason } from '@coding-harness/protocol';

const STOP: Record<TurnStopReason, StopReason | undefined> = {
  end_turn: 'end_turn',
  stop_sequence: 'end_turn',
  tool_use: 'end_turn',
  pause_turn: 'end_turn',
  max_tokens: 'max_tokens',
  model_context_window_exceeded: 'max_tokens',
  max_turns: 'max_turn_requests',
  refusal: 'refusal',
  aborted: 'cancelled',
  error: undefined,
  // A hook refused the turn before anything was sent: answered as a failure with the hook's reason.
  blocked: undefined,
  // A reply with no text and no tool call is a failed turn: the editor gets the message saying what to try.
  empty_answer: undefined,
  // Only a compaction request stops so, and the agent goes on after it: a turn ending on it is a failure.
  compaction: undefined,
};

/** The ACP stop reason of a turn that ended with `reason`; undefined for an error. */
export function stopReasonOf(reason: TurnStopReason): StopReason | undefined {
  return STOP[reason];
}
