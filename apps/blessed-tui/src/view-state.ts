/** One entry of the transcript. Items are immutable: a change replaces the item (layout caches by identity). */
export type Item =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  /** The model's thinking: one dim line until expanded (Ctrl-T), like a tool result. */
  | { kind: 'thinking'; text: string; expanded: boolean }
  | {
      kind: 'tool';
      id: string;
      name: string;
      summary: string;
      forced: boolean;
      state: 'running' | 'done' | 'error';
      /** One-line result summary from the tool. */
      display: string;
      /** The full result, shown when `expanded`. */
      content: string;
      /** What a write changed (a unified diff), shown instead of `content`'s snippet, collapsed or expanded. */
      diff?: string;
      /** What a `context: fork` skill's subagent did under this call (its tool calls), one line each, dim and indented. */
      nested?: readonly string[];
      expanded: boolean;
      /** `waiting for approval`, `allowed (once)`, `denied: …`; absent when no question was asked. */
      approval?: string;
    }
  | { kind: 'notice'; text: string }
  | { kind: 'error'; text: string }
  /** Output of a local command (/help, /allowed). */
  | { kind: 'info'; text: string }
  /** The usage line after each turn: dim, or in the error colour when the turn failed (`refusal`, `error`). */
  | { kind: 'turn'; text: string; failed?: boolean };

/**
 * What the session is doing, for the status bar; `since` is a ms timestamp for the elapsed
 * seconds. With `until` (a retry's wait) the bar counts down to it instead.
 */
export type Activity = { label: 'idle' } | { label: string; since: number; until?: number };

/** Scroll position: `top` is the first visible line, meaningful only when not following. */
export interface Scroll {
  top: number;
  follow: boolean;
  /** True when output arrived while the user was scrolled up. */
  newBelow: boolean;
}

/** Totals for the status bar, summed over `usage` events of the session. */
export interface Totals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  costUsd: number;
}

/** Everything the screen shows, derived only from actions (see `reduce`). */
export interface ViewState {
  items: readonly Item[];
  /** Assistant text streamed since the last `assistant_message`. */
  streaming: string;
  /** Thinking text streamed since the last `assistant_message`. */
  thinking: string;
  /**
   * Text of the current assistant message already moved into the transcript: thinking that
   * arrives after text (thinking between tool calls) commits what came before it, so the two
   * keep their order; `assistant_message` then adds only the rest of its text.
   */
  committed: string;
  scroll: Scroll;
  model: string;
  workroot: string;
  skillCount: number;
  totals: Totals;
  activity: Activity;
  /** True from submit until the event stream of the turn ends. */
  busy: boolean;
  /** A one-line hint under the transcript (`press Ctrl-C again to quit`); empty when none. */
  hint: string;
  /** The permission mode in force (`ask` is the default), shown in the status bar when not the default. */
  mode: string;
  /** While a turn runs: when it started and the output tokens counted before it (the progress line's count). */
  turn?: { since: number; outputBefore: number };
}

/** The state before anything happened; `startupNotices` become notices, once. */
export function initialState(opts: {
  model: string;
  workroot: string;
  skillCount: number;
  startupNotices?: readonly string[];
  mode?: string;
}): ViewState {
  return {
    items: (opts.startupNotices ?? []).map((text) => ({ kind: 'notice', text })),
    streaming: '',
    thinking: '',
    committed: '',
    scroll: { top: 0, follow: true, newBelow: false },
    model: opts.model,
    workroot: opts.workroot,
    skillCount: opts.skillCount,
    totals: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costUsd: 0 },
    activity: { label: 'idle' },
    busy: false,
    hint: '',
    mode: opts.mode ?? 'ask',
  };
}
