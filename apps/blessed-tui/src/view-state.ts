import type { CallKind } from '@coding-harness/approval';
import type { Usage } from '@coding-harness/model';
import type { SessionStatus } from '@coding-harness/protocol';

/** Output of a running call as it arrives (`tool_update`): the latest part of it and how much there was. */
export interface LiveOutput {
  /** The end of the output so far (bounded; whole lines from where it was cut). */
  tail: string;
  /** Line ends seen in all of the output so far. */
  newlines: number;
  /** Time from the call's start to its latest output. */
  elapsedMs: number;
}

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
      /** What the call does (`read`, `write`, `exec`), from the event: what the result's preview keys on. */
      callKind: CallKind;
      summary: string;
      forced: boolean;
      state: 'running' | 'done' | 'error';
      /** One-line result summary from the tool. */
      display: string;
      /** The full result, shown when `expanded`. */
      content: string;
      /** What a write changed (a unified diff), shown instead of `content`'s snippet, collapsed or expanded. */
      diff?: string;
      /** While it runs: its output so far, its last lines shown under the call. */
      live?: LiveOutput;
      /**
       * Lines of everything the call printed as it ran (its `tool_update`s), kept when it ends:
       * the counts of lines not shown are of the whole output, not of the model's capped copy.
       */
      printedLines?: number;
      /** When the call started (the app's clock), and the whole seconds it has run so far (the `tick` action). */
      startedAt?: number;
      seconds?: number;
      /** What a subagent did under this call (its tool calls), one line each, dim and indented. */
      nested?: readonly string[];
      expanded: boolean;
      /** `waiting for approval`, `allowed (once)`, `denied: …`; absent when no question was asked. */
      approval?: string;
    }
  | { kind: 'notice'; text: string }
  | { kind: 'error'; text: string }
  /** Output of a command (/help, /allowed). */
  | { kind: 'info'; text: string }
  /** The usage line after each turn: dim, or in the error colour when the turn failed. */
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

/** A subagent's thread: the tool call it runs under and its name (`skill survey`). */
export interface Thread {
  parentCallId: string;
  name: string;
}

/** Requests reported (`usage` events) since the last `status` event. */
export interface Unsettled {
  usage: Usage;
  costUsd: number;
}

/** Everything the screen shows, derived only from actions (see `reduce`). */
export interface ViewState {
  items: readonly Item[];
  /** Assistant text streamed since the last `message_end`. */
  streaming: string;
  /** Thinking text streamed since the last `message_end`. */
  thinking: string;
  /**
   * Text of the current assistant message already moved into the transcript: thinking that
   * arrives after text (thinking between tool calls) commits what came before it, so the two
   * keep their order; `message_end` then adds only the rest of its text.
   */
  committed: string;
  scroll: Scroll;
  /** The session's state as its latest `status` event said: model, mode, totals, skill count. */
  status: SessionStatus;
  /**
   * Requests reported since that event, so the bar's tokens and cost move during a long turn; the
   * next `status` (after every turn and command) replaces the sum with the session's own totals.
   */
  unsettled: Unsettled;
  /** The subagent threads seen, by thread id. */
  threads: Readonly<Record<string, Thread>>;
  activity: Activity;
  /** True from submit until the command's result (a turn, `/compact`). */
  busy: boolean;
  /**
   * Messages typed while a turn ran, oldest first: shown under the transcript as queued and sent
   * one turn each, in order, once the running one ends.
   */
  queued: readonly string[];
  /** A one-line hint under the transcript (`press Ctrl-C again to quit`); empty when none. */
  hint: string;
  /** While a turn runs: when it started and the output tokens its requests reported so far. */
  turn?: { since: number; output: number };
}

/** No requests. */
export function settled(): Unsettled {
  return { usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: 0 };
}

/** The state before anything happened; `startupNotices` become notices, once. */
export function initialState(opts: { status: SessionStatus; startupNotices?: readonly string[] }): ViewState {
  return {
    items: (opts.startupNotices ?? []).map((text) => ({ kind: 'notice', text })),
    streaming: '',
    thinking: '',
    committed: '',
    scroll: { top: 0, follow: true, newBelow: false },
    status: opts.status,
    unsettled: settled(),
    threads: {},
    activity: { label: 'idle' },
    busy: false,
    queued: [],
    hint: '',
  };
}
