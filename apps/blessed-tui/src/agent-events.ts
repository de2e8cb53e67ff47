import type { AgentEvent } from '@coding-harness/agent';
import { cacheShare, dollars, inputTokens, tokens } from './format.js';
import { failureText, stopWords } from './stop-reasons.js';
import type { Item, ViewState } from './view-state.js';

type ToolItem = Extract<Item, { kind: 'tool' }>;

/**
 * One agent event applied to the view, pure. Streamed text and thinking collect in buffers and
 * become items when their message completes; thinking that follows text in the same message
 * (thinking between tool calls) first commits what came before it, so the order on screen is
 * the order the model wrote. Failures (`error` events, a turn ending `refusal` / `error`) are
 * error items; a retry counts down in the status bar.
 */
export function onEvent(state: ViewState, e: AgentEvent, now: number): ViewState {
  switch (e.type) {
    case 'turn_start':
      return {
        ...state,
        items: [...state.items, { kind: 'user', text: e.text }],
        committed: '',
        activity: { label: 'thinking', since: now },
      };
    case 'request_start':
      return { ...state, committed: '', activity: { label: 'thinking', since: now } };
    case 'text_delta':
      return {
        ...state,
        streaming: state.streaming + e.text,
        activity: state.activity.label === 'responding' ? state.activity : { label: 'responding', since: now },
      };
    case 'thinking_delta': {
      const base = state.streaming ? commitStream(state) : state;
      return { ...base, thinking: base.thinking + e.text };
    }
    case 'assistant_message': {
      const items: Item[] = [...state.items];
      if (state.thinking) items.push(thinkingItem(state.thinking));
      const text = restOf(e.text, state);
      if (text) items.push({ kind: 'assistant', text });
      return { ...state, items, streaming: '', thinking: '', committed: '' };
    }
    case 'tool_call_started': {
      const base = commitStream(state);
      const item: Item = {
        kind: 'tool',
        id: e.id,
        name: e.name,
        summary: e.summary,
        forced: e.forced,
        state: 'running',
        display: '',
        content: '',
        expanded: false,
      };
      return { ...base, items: [...base.items, item], activity: { label: `running ${e.name}`, since: now } };
    }
    case 'approval_requested':
      return {
        ...updateTool(state, e.id, { approval: 'waiting for approval' }),
        activity: { label: 'waiting for approval', since: now },
      };
    case 'approval_resolved': {
      const label = e.allowed ? `allowed (${e.how})` : `denied${e.message ? `: ${e.message}` : ''}`;
      const tool = state.items.findLast((i) => i.kind === 'tool' && i.id === e.id);
      const name = tool?.kind === 'tool' ? tool.name : 'tool';
      return { ...updateTool(state, e.id, { approval: label }), activity: { label: `running ${name}`, since: now } };
    }
    case 'tool_call_finished':
      return {
        ...updateTool(state, e.id, {
          state: e.isError ? 'error' : 'done',
          display: e.display,
          content: e.content,
          ...(e.diff === undefined ? {} : { diff: e.diff }),
        }),
        activity: { label: 'thinking', since: now },
      };
    case 'usage': {
      const t = state.totals;
      const u = e.usage;
      const totals = {
        input: t.input + u.input,
        output: t.output + u.output,
        cacheRead: t.cacheRead + u.cacheRead,
        cacheWrite: t.cacheWrite + u.cacheWrite,
        costUsd: t.costUsd + e.costUsd,
      };
      return { ...state, totals, model: e.model || state.model };
    }
    case 'retry':
      return onRetry(state, e, now);
    case 'compaction': {
      const skills = e.reattachedSkills.length ? `; skills re-attached: ${e.reattachedSkills.join(', ')}` : '';
      return addItem(state, {
        kind: 'notice',
        text: `context compacted: ${tokens(e.tokensBefore)} -> ${tokens(e.tokensAfter)} tokens${skills}`,
      });
    }
    case 'notice': {
      // A fork skill's subagent at work: a nested line under its skill call, while that call is on screen.
      const parent = e.subagent && state.items.findLast((i) => i.kind === 'tool' && i.id === e.subagent?.parent);
      if (e.subagent && parent?.kind === 'tool')
        return updateTool(state, e.subagent.parent, { nested: [...(parent.nested ?? []), e.subagent.text] });
      return addItem(state, { kind: 'notice', text: e.message });
    }
    case 'error':
      return addItem(commitStream(state), { kind: 'error', text: e.message });
    case 'turn_end': {
      const words = stopWords(e.stopReason);
      let base = commitStream(state);
      if (words.failed && !errorSinceTurnStart(base))
        base = addItem(base, { kind: 'error', text: failureText(e.stopReason, e.stopDetails) });
      const parts = [
        `in ${tokens(inputTokens(e.usage))}`,
        `out ${tokens(e.usage.output)}`,
        `cache ${cacheShare(e.usage)}`,
        dollars(e.costUsd),
      ];
      if (words.label) parts.push(words.label);
      const line: Item = words.failed
        ? { kind: 'turn', text: parts.join(' · '), failed: true }
        : { kind: 'turn', text: parts.join(' · ') };
      return { ...addItem(base, line), committed: '', activity: { label: 'idle' } };
    }
  }
}

/** A retry: a notice, the buffers of a void partial reply dropped, and a countdown in the status bar. */
function onRetry(state: ViewState, e: Extract<AgentEvent, { type: 'retry' }>, now: number): ViewState {
  const base = e.partialDiscarded ? { ...state, streaming: '', thinking: '' } : state;
  const voided = e.partialDiscarded && state.committed ? '; the partial reply above is void' : '';
  const text = `retrying (${e.attempt}/${e.maxAttempts}) in ${(e.delayMs / 1000).toFixed(1)}s: ${e.reason}${voided}`;
  return {
    ...addItem(base, { kind: 'notice', text }),
    activity: { label: `retrying (${e.attempt}/${e.maxAttempts})`, since: now, until: now + e.delayMs },
  };
}

/** The part of a completed message's text not yet in the transcript. */
function restOf(full: string, state: ViewState): string {
  if (!state.committed) return full || state.streaming;
  if (full.startsWith(state.committed)) return full.slice(state.committed.length).replace(/^\n+/, '');
  return state.streaming;
}

function thinkingItem(text: string): Item {
  return { kind: 'thinking', text, expanded: false };
}

function errorSinceTurnStart(state: ViewState): boolean {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const kind = state.items[i]?.kind;
    if (kind === 'error') return true;
    if (kind === 'user' || kind === 'turn') return false;
  }
  return false;
}

/** Adds one item at the end of the transcript. */
export function addItem(state: ViewState, item: Item): ViewState {
  return { ...state, items: [...state.items, item] };
}

/** Moves streamed thinking and text (e.g. cut short by Ctrl-C, an error, or a tool call) into the transcript, in that order. */
export function commitStream(state: ViewState): ViewState {
  if (!state.streaming && !state.thinking) return state;
  const items: Item[] = [...state.items];
  if (state.thinking) items.push(thinkingItem(state.thinking));
  if (state.streaming) items.push({ kind: 'assistant', text: state.streaming });
  return { ...state, items, streaming: '', thinking: '', committed: state.committed + state.streaming };
}

function updateTool(state: ViewState, id: string, patch: Partial<ToolItem>): ViewState {
  const index = state.items.findLastIndex((i) => i.kind === 'tool' && i.id === id);
  if (index < 0) return state;
  const items = [...state.items];
  items[index] = { ...(items[index] as ToolItem), ...patch };
  return { ...state, items };
}
