import type { StopDetails } from '@coding-harness/model';
import type { TurnStopReason } from '@coding-harness/protocol';

/**
 * How the TUI words a turn's stop reason: on its usage line, and as the error line of a failed
 * turn that brought no `error` event of its own. Whether a turn failed is not decided here: the
 * session says it (`turn_end.outcome`). One table, so a new reason is a row, not a branch.
 */
interface StopWords {
  /** Added to the usage line; '' adds nothing. */
  label: string;
  /** The error line of a failed turn that said nothing itself. */
  failure?: string;
}

const STOPS: Readonly<Partial<Record<TurnStopReason, StopWords>>> = {
  end_turn: { label: '' },
  stop_sequence: { label: '' },
  tool_use: { label: '' },
  aborted: { label: 'cancelled' },
  refusal: { label: 'refused' },
  error: { label: 'failed' },
  max_turns: { label: 'stopped at --max-turns', failure: 'the turn stopped at --max-turns before the model finished' },
  empty_answer: { label: 'empty answer', failure: 'the model answered with nothing' },
  blocked: { label: 'blocked by a hook' },
  max_tokens: { label: 'cut at max_tokens' },
  model_context_window_exceeded: { label: 'context window full' },
  pause_turn: { label: 'paused' },
};

/** The usage line's words for `stopReason`; an unknown reason is shown as it is (the caller sanitizes it). */
export function stopLabel(stopReason: string): string {
  return STOPS[stopReason as TurnStopReason]?.label ?? stopReason;
}

/** The error line for a failed turn that brought no `error` event of its own. */
export function failureText(stopReason: string, details: StopDetails | undefined): string {
  if (stopReason === 'refusal') {
    const why = details?.explanation ? `: ${details.explanation}` : '';
    return `the model refused to continue (refusal category: ${details?.category ?? 'none given'})${why}`;
  }
  return STOPS[stopReason as TurnStopReason]?.failure ?? `the turn failed (stop reason: ${stopReason})`;
}
