/** How the TUI words a turn's stop reason on its usage line, and whether the turn failed. */
interface StopWords {
  /** Added to the usage line; '' adds nothing. */
  label: string;
  /** A failed turn: the usage line takes the error colour, and an error line is shown if none was. */
  failed: boolean;
}

/**
 * Every stop reason a turn can end with (the model's, or the agent's own `error` / `aborted` /
 * `max_turns`). One table, so a new reason is a row, not a branch. `refusal` and `error` fail
 * the turn, as they fail `harness -p`.
 */
const STOPS: Readonly<Record<string, StopWords>> = {
  end_turn: { label: '', failed: false },
  stop_sequence: { label: '', failed: false },
  aborted: { label: 'cancelled', failed: false },
  refusal: { label: 'refused', failed: true },
  error: { label: 'failed', failed: true },
  max_turns: { label: 'stopped at --max-turns', failed: false },
  max_tokens: { label: 'cut at max_tokens', failed: false },
  model_context_window_exceeded: { label: 'context window full', failed: false },
  pause_turn: { label: 'paused', failed: false },
};

/** The words for `stopReason`; an unknown reason is shown as it is (the caller sanitizes it) and does not fail. */
export function stopWords(stopReason: string): StopWords {
  return STOPS[stopReason] ?? { label: stopReason, failed: false };
}

/** The error line for a failed turn that brought no `error` event of its own. */
export function failureText(
  stopReason: string,
  details: { category: string | null; explanation: string | null } | undefined,
): string {
  if (stopReason !== 'refusal') return `the turn failed (stop reason: ${stopReason})`;
  const why = details?.explanation ? `: ${details.explanation}` : '';
  return `the model refused to continue (refusal category: ${details?.category ?? 'none given'})${why}`;
}
