import { tokens } from './format.js';
import { activityLabel } from './status-line.js';
import type { ViewState } from './view-state.js';

/** Spinner frames, one every {@link SPINNER_MS}; braille dots read on any background and in tmux captures. */
export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;
/** How often the spinner moves (the app's ticker redraws at this pace while a turn runs). */
export const SPINNER_MS = 250;

/** Streamed characters per token, for the live count before the request's `usage` arrives. */
const CHARS_PER_TOKEN = 4;

/** Output tokens of the running turn: what its requests reported (`usage`) plus an estimate of what is streaming. */
export function turnTokens(state: Pick<ViewState, 'turn' | 'streaming' | 'thinking'>): number {
  if (!state.turn) return 0;
  return state.turn.output + Math.ceil((state.streaming.length + state.thinking.length) / CHARS_PER_TOKEN);
}

/**
 * The line shown on the input's rule while a turn runs, e.g.
 * `⠹ running bash (12s · ↓ 1.2k tokens · esc to cancel)`: what the session is doing, the turn's
 * elapsed time, the output tokens so far, and how to cancel. Empty when no turn runs. Pure: the
 * spinner frame comes from `now`.
 */
export function progressLine(state: ViewState, now: number): string {
  if (!state.busy || !state.turn) return '';
  const frame = SPINNER[Math.floor(now / SPINNER_MS) % SPINNER.length];
  const a = state.activity;
  // Between the turn's last event and the end of its stream the activity is already `idle`.
  const doing =
    'until' in a && a.until !== undefined ? activityLabel(a, now) : a.label === 'idle' ? 'working' : a.label;
  const seconds = Math.max(0, Math.floor((now - state.turn.since) / 1000));
  const count = turnTokens(state);
  const parts = [`${seconds}s`, ...(count > 0 ? [`↓ ${tokens(count)} tokens`] : []), 'esc to cancel'];
  return `${frame} ${doing} (${parts.join(' · ')})`;
}
