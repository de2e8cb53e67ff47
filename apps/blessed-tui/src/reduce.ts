import type { AgentEvent } from '@coding-harness/agent';
import { cacheShare, dollars, inputTokens, tokens } from './format.js';
import type { Item, ViewState } from './view-state.js';

/** Everything that changes the view: agent events and the UI's own actions. `now` is a ms timestamp. */
export type Action =
  | { type: 'agent'; event: AgentEvent; now: number }
  /** A turn was submitted (`busy` on) or its event stream ended (`busy` off). */
  | { type: 'busy'; busy: boolean; now: number }
  | { type: 'notice'; text: string }
  | { type: 'error'; text: string }
  | { type: 'info'; text: string }
  | { type: 'hint'; text: string }
  /** Scroll by `by` lines (negative is up); `total` and `height` come from the layout. */
  | { type: 'scroll'; by: number; total: number; height: number }
  /** Expand or collapse a tool result: the one with `id`, or the latest tool call; `top` moves a scrolled-up view. */
  | { type: 'toggle_tool'; id?: string; top?: number }
  /** A resumed conversation: its events (see `replayEvents`) drawn as a live session would, then `notice`. */
  | { type: 'replay'; events: readonly AgentEvent[]; notice: string }
  /** `/clear`: a new conversation, an empty transcript. */
  | { type: 'clear' };

/**
 * The whole view logic, pure: same state and action, same result; no terminal involved.
 * Content actions mark `newBelow` while the user is scrolled up.
 */
export function reduce(state: ViewState, action: Action): ViewState {
  switch (action.type) {
    case 'agent':
      return touched(state, onEvent(state, action.event, action.now));
    case 'busy':
      return action.busy
        ? { ...state, busy: true, hint: '', activity: { label: 'thinking', since: action.now } }
        : { ...commitStream(state), busy: false, activity: { label: 'idle' } };
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
    case 'replay': {
      const replayed = commitStream(action.events.reduce((s, e) => onEvent(s, e, 0), state));
      return addItem({ ...replayed, activity: { label: 'idle' } }, { kind: 'notice', text: action.notice });
    }
    case 'clear':
      return { ...state, items: [{ kind: 'notice', text: 'new conversation' }], streaming: '', thinking: '', scroll: { top: 0, follow: true, newBelow: false } };
  }
}

function onEvent(state: ViewState, e: AgentEvent, now: number): ViewState {
  switch (e.type) {
    case 'turn_start':
      return { ...state, items: [...state.items, { kind: 'user', text: e.text }], activity: { label: 'thinking', since: now } };
    case 'request_start':
      return { ...state, activity: { label: 'thinking', since: now } };
    case 'text_delta':
      return { ...state, streaming: state.streaming + e.text, activity: state.activity.label === 'responding' ? state.activity : { label: 'responding', since: now } };
    case 'thinking_delta':
      return { ...state, thinking: state.thinking + e.text };
    case 'assistant_message': {
      const items: Item[] = [...state.items];
      if (state.thinking) items.push({ kind: 'thinking', text: state.thinking });
      const text = e.text || state.streaming;
      if (text) items.push({ kind: 'assistant', text });
      return { ...state, items, streaming: '', thinking: '' };
    }
    case 'tool_call_started': {
      const base = commitStream(state);
      const item: Item = { kind: 'tool', id: e.id, name: e.name, summary: e.summary, forced: e.forced, state: 'running', display: '', content: '', expanded: false };
      return { ...base, items: [...base.items, item], activity: { label: `running ${e.name}`, since: now } };
    }
    case 'approval_requested':
      return { ...updateTool(state, e.id, { approval: 'waiting for approval' }), activity: { label: 'waiting for approval', since: now } };
    case 'approval_resolved': {
      const label = e.allowed ? `allowed (${e.how})` : `denied${e.message ? `: ${e.message}` : ''}`;
      const tool = state.items.findLast((i) => i.kind === 'tool' && i.id === e.id);
      const name = tool?.kind === 'tool' ? tool.name : 'tool';
      return { ...updateTool(state, e.id, { approval: label }), activity: { label: `running ${name}`, since: now } };
    }
    case 'tool_call_finished':
      return {
        ...updateTool(state, e.id, { state: e.isError ? 'error' : 'done', display: e.display, content: e.content }),
        activity: { label: 'thinking', since: now },
      };
    case 'usage': {
      const t = state.totals;
      const u = e.usage;
      const totals = { input: t.input + u.input, output: t.output + u.output, cacheRead: t.cacheRead + u.cacheRead, cacheWrite: t.cacheWrite + u.cacheWrite, costUsd: t.costUsd + e.costUsd };
      return { ...state, totals, model: e.model || state.model };
    }
    case 'retry':
      return addItem(state, { kind: 'notice', text: `retrying (${e.attempt}/${e.maxAttempts}) in ${(e.delayMs / 1000).toFixed(1)}s: ${e.reason}` });
    case 'compaction': {
      const skills = e.reattachedSkills.length ? `; skills re-attached: ${e.reattachedSkills.join(', ')}` : '';
      return addItem(state, { kind: 'notice', text: `context compacted: ${tokens(e.tokensBefore)} -> ${tokens(e.tokensAfter)} tokens${skills}` });
    }
    case 'notice':
      return addItem(state, { kind: 'notice', text: e.message });
    case 'error':
      return addItem(commitStream(state), { kind: 'error', text: e.fatal ? `error: ${e.message}` : `error (recovering): ${e.message}` });
    case 'turn_end': {
      const base = commitStream(state);
      const parts = [`in ${tokens(inputTokens(e.usage))}`, `out ${tokens(e.usage.output)}`, `cache ${cacheShare(e.usage)}`, dollars(e.costUsd)];
      if (e.stopReason !== 'end_turn') parts.push(e.stopReason === 'aborted' ? 'cancelled' : e.stopReason);
      return { ...addItem(base, { kind: 'turn', text: parts.join(' · ') }), activity: { label: 'idle' } };
    }
  }
}

function addItem(state: ViewState, item: Item): ViewState {
  return { ...state, items: [...state.items, item] };
}

/** Moves streamed text (e.g. cut short by Ctrl-C or an error) into the transcript. */
function commitStream(state: ViewState): ViewState {
  if (!state.streaming && !state.thinking) return state;
  const items: Item[] = [...state.items];
  if (state.thinking) items.push({ kind: 'thinking', text: state.thinking });
  if (state.streaming) items.push({ kind: 'assistant', text: state.streaming });
  return { ...state, items, streaming: '', thinking: '' };
}

type ToolItem = Extract<Item, { kind: 'tool' }>;

function updateTool(state: ViewState, id: string, patch: Partial<ToolItem>): ViewState {
  const index = state.items.findLastIndex((i) => i.kind === 'tool' && i.id === id);
  if (index < 0) return state;
  const items = [...state.items];
  items[index] = { ...(items[index] as ToolItem), ...patch };
  return { ...state, items };
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

/** Content changed: when scrolled up, keep the view where it is and say there is more below. */
function touched(before: ViewState, after: ViewState): ViewState {
  if (after.scroll.follow || after.scroll.newBelow) return after;
  const changed = after.items !== before.items || after.streaming !== before.streaming || after.thinking !== before.thinking;
  return changed ? { ...after, scroll: { ...after.scroll, newBelow: true } } : after;
}

function scroll(state: ViewState, by: number, total: number, height: number): ViewState {
  const bottom = Math.max(0, total - height);
  const from = state.scroll.follow ? bottom : Math.min(state.scroll.top, bottom);
  const top = Math.max(0, Math.min(bottom, from + by));
  const follow = top >= bottom;
  return { ...state, scroll: { top, follow, newBelow: follow ? false : state.scroll.newBelow } };
}
