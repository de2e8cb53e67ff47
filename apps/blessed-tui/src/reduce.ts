import type { SessionEvent } from '@coding-harness/protocol';
import { onEvent } from './session-events.js';
import { addItem, commitStream } from './transcript-items.js';
import type { Item, ViewState } from './view-state.js';

/** Everything that changes the view: the session's events and the UI's own actions. `now` is a ms timestamp. */
export type Action =
  | { type: 'event'; event: SessionEvent; now: number }
  /** A turn (or `/compact`) was sent (`busy` on) or its command's result came (`busy` off). */
  | { type: 'busy'; busy: boolean; now: number }
  | { type: 'notice'; text: string }
  | { type: 'error'; text: string }
  | { type: 'info'; text: string }
  | { type: 'hint'; text: string }
  /** Scroll by `by` lines (negative is up); `total` and `height` come from the layout. */
  | { type: 'scroll'; by: number; total: number; height: number }
  /** Expand or collapse a tool result: the one with `id`, or the latest tool call; `top` moves a scrolled-up view. */
  | { type: 'toggle_tool'; id?: string; top?: number }
  /** Expand or collapse a thinking block: the item at `index`, or the latest one; `top` as for tools. */
  | { type: 'toggle_thinking'; index?: number; top?: number }
  /**
   * A resumed conversation: the `history` command's events drawn as a live session draws them,
   * then `notice`; `fresh` first empties the transcript (a session resumed in place).
   */
  | { type: 'replay'; events: readonly SessionEvent[]; notice: string; fresh?: boolean }
  /** `/clear`: a new conversation, an empty transcript but for `notice`. */
  | { type: 'clear'; notice: string }
  /** The clock moved (the app's ticker, while a turn runs): running calls count their seconds. */
  | { type: 'tick'; now: number }
  /** A message typed while a turn runs waits for it to end. */
  | { type: 'queue'; text: string }
  /** Queued messages leave the queue: the first (it is being sent), or all (put back in the input). */
  | { type: 'dequeue'; all?: boolean };

/**
 * The whole view logic, pure: same state and action, same result; no terminal involved.
 * Content actions mark `newBelow` while the user is scrolled up.
 */
export function reduce(state: ViewState, action: Action): ViewState {
  switch (action.type) {
    case 'event':
      return touched(state, onEvent(state, action.event, action.now));
    case 'busy':
      return action.busy
        ? {
            ...state,
            busy: true,
            hint: '',
            activity: { label: 'thinking', since: action.now },
            turn: { since: action.now, output: 0 },
          }
        : idle(state);
    case 'notice':
    case 'error':
    case 'info':
      return touched(state, { ...state, items: [...state.items, { kind: action.type, text: action.text }] });
    case 'hint':
      return { ...state, hint: action.text };
    case 'scroll':
      return scroll(state, action.by, action.total, action.height);
    case 'toggle_tool':
      return toggleTool(state, action.id, action.top);
    case 'toggle_thinking':
      return toggleThinking(state, action.index, action.top);
    case 'replay': {
      const base = action.fresh ? emptied(state, []) : state;
      const replayed = commitStream(action.events.reduce((s, e) => onEvent(s, e, 0), base));
      return addItem({ ...replayed, activity: { label: 'idle' } }, { kind: 'notice', text: action.notice });
    }
    case 'clear':
      return emptied(state, [{ kind: 'notice', text: action.notice }]);
    case 'tick':
      return tick(state, action.now);
    case 'queue':
      return touched(state, { ...state, queued: [...state.queued, action.text] });
    case 'dequeue':
      return { ...state, queued: action.all ? [] : state.queued.slice(1) };
  }
}

/** Running calls of the current turn (after its user item) with their whole seconds; a call only changes when its second does. */
function tick(state: ViewState, now: number): ViewState {
  let items: Item[] | undefined;
  for (let i = state.items.length - 1; i >= 0; i--) {
    const item = state.items[i]!;
    if (item.kind === 'user') break;
    if (item.kind !== 'tool' || item.state !== 'running' || item.startedAt === undefined) continue;
    const seconds = Math.max(0, Math.floor((now - item.startedAt) / 1000));
    if (seconds === item.seconds) continue;
    items ??= [...state.items];
    items[i] = { ...item, seconds };
  }
  return items ? { ...state, items } : state;
}

/** A new transcript holding `items`, following the output. */
function emptied(state: ViewState, items: Item[]): ViewState {
  return {
    ...state,
    items,
    streaming: '',
    thinking: '',
    committed: '',
    scroll: { top: 0, follow: true, newBelow: false },
  };
}

type ToolItem = Extract<Item, { kind: 'tool' }>;

function idle(state: ViewState): ViewState {
  const { turn: _ended, ...rest } = commitStream(state);
  return { ...rest, busy: false, hint: '', activity: { label: 'idle' } };
}

function toggleTool(state: ViewState, id: string | undefined, top: number | undefined): ViewState {
  const index = state.items.findLastIndex((i) => i.kind === 'tool' && (id === undefined || i.id === id));
  if (index < 0) return state;
  const tool = state.items[index] as ToolItem;
  const items = [...state.items];
  items[index] = { ...tool, expanded: !tool.expanded };
  const moved = top !== undefined && !state.scroll.follow ? { scroll: { ...state.scroll, top } } : {};
  return { ...state, items, ...moved };
}

function toggleThinking(state: ViewState, at: number | undefined, top: number | undefined): ViewState {
  const index = at ?? state.items.findLastIndex((i) => i.kind === 'thinking');
  const item = state.items[index];
  if (item?.kind !== 'thinking') return state;
  const items = [...state.items];
  items[index] = { ...item, expanded: !item.expanded };
  const moved = top !== undefined && !state.scroll.follow ? { scroll: { ...state.scroll, top } } : {};
  return { ...state, items, ...moved };
}

/** Content changed: when scrolled up, keep the view where it is and say there is more below. */
function touched(before: ViewState, after: ViewState): ViewState {
  if (after.scroll.follow || after.scroll.newBelow) return after;
  const changed =
    after.items !== before.items || after.streaming !== before.streaming || after.thinking !== before.thinking;
  return changed ? { ...after, scroll: { ...after.scroll, newBelow: true } } : after;
}

function scroll(state: ViewState, by: number, total: number, height: number): ViewState {
  const bottom = Math.max(0, total - height);
  const from = state.scroll.follow ? bottom : Math.min(state.scroll.top, bottom);
  const top = Math.max(0, Math.min(bottom, from + by));
  const follow = top >= bottom;
  return { ...state, scroll: { top, follow, newBelow: follow ? false : state.scroll.newBelow } };
}
