/** One entry of the transcript. Items are immutable: a change replaces the item (layout caches by identity). */
export type Item =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'thinking'; text: string }
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
      expanded: boolean;
      /** `waiting for approval`, `allowed (once)`, `denied: …`; absent when no question was asked. */
      approval?: string;
    }
  | { kind: 'notice'; text: string }
  | { kind: 'error'; text: string }
  /** Output of a local command (/help, /allowed). */
  | { kind: 'info'; text: string }
  /** The dim usage line after each turn. */
  | { kind: 'turn'; text: string };

/** What the session is doing, for the status bar; `since` is a ms timestamp for the elapsed seconds. */
export type Activity = { label: 'idle' } | { label: string; since: number };

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
}

/** The state before anything happened; `startupNotices` become notices, once. */
export function initialState(opts: { model: string; workroot: string; skillCount: number; startupNotices?: readonly string[] }): ViewState {
  return {
    items: (opts.startupNotices ?? []).map((text) => ({ kind: 'notice', text })),
    streaming: '',
    thinking: '',
    scroll: { top: 0, follow: true, newBelow: false },
    model: opts.model,
    workroot: opts.workroot,
    skillCount: opts.skillCount,
    totals: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costUsd: 0 },
    activity: { label: 'idle' },
    busy: false,
    hint: '',
  };
}
