import { addUsage, messageText, resultText } from '@coding-harness/model';
import type { EventOf, SessionEvent } from '@coding-harness/protocol';
import { webActivity, webActivityLines } from '@coding-harness/session';
import { cacheShare, dollars, inputTokens, tokens } from './format.js';
import { appendLive, liveLineCount } from './live-output.js';
import { failureText, stopLabel } from './stop-reasons.js';
import { onThreadEvent } from './threads.js';
import { addItem, commitStream, findTool, replaceTool, updateTool } from './transcript-items.js';
import { settled, type Item, type ViewState } from './view-state.js';

type ToolItem = Extract<Item, { kind: 'tool' }>;

/**
 * One session event applied to the view, pure. Streamed text and thinking collect in buffers and
 * become items when their message completes; thinking that follows text in the same message
 * (thinking between tool calls) first commits what came before it, so the order on screen is
 * the order the model wrote. A subagent's events (those with a `threadId`) are drawn by `threads.ts`.
 * Failures (`error` events, a turn the session calls failed) are error items; a retry counts
 * down in the status bar. `status` replaces the bar's data; nothing here keeps its own totals.
 */
export function onEvent(state: ViewState, e: SessionEvent, now: number): ViewState {
  const inThread = e.threadId === undefined ? undefined : onThreadEvent(state, e);
  if (inThread !== undefined) return inThread;
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
    case 'message_end': {
      const items: Item[] = [...state.items];
      if (state.thinking) items.push({ kind: 'thinking', text: state.thinking, expanded: false });
      const text = restOf(messageText(e.message), state);
      if (text) items.push({ kind: 'assistant', text });
      // What the API's web tools did in this reply: searches, fetches and the sources the text cites.
      const web = webActivityLines(webActivity(e.message));
      if (web.length > 0) items.push({ kind: 'info', text: web.join('\n') });
      return { ...state, items, streaming: '', thinking: '', committed: '' };
    }
    case 'tool_call_started':
      return onToolStarted(state, e, now);
    case 'tool_update': {
      const tool = findTool(state, e.callId);
      return tool ? updateTool(state, e.callId, { live: appendLive(tool.live, e.text, e.elapsedMs) }) : state;
    }
    case 'approval_requested':
      return {
        ...updateTool(state, e.callId, { approval: 'waiting for approval' }),
        activity: { label: 'waiting for approval', since: now },
      };
    case 'approval_resolved': {
      const label = e.allowed ? `allowed (${e.how})` : `denied${e.message ? `: ${e.message}` : ''}`;
      const name = findTool(state, e.callId)?.name ?? 'tool';
      return {
        ...updateTool(state, e.callId, { approval: label }),
        activity: { label: `running ${name}`, since: now },
      };
    }
    case 'tool_call_finished':
      return onToolFinished(state, e, now);
    case 'usage':
      return onUsage(state, e);
    case 'status':
      return { ...state, status: e.status, unsettled: settled() };
    case 'retry':
      return onRetry(state, e, now);
    case 'compaction': {
      const skills = e.reattachedSkills.length ? `; skills re-attached: ${e.reattachedSkills.join(', ')}` : '';
      return addItem(state, {
        kind: 'notice',
        text: `context compacted: ${tokens(e.tokensBefore)} -> ${tokens(e.tokensAfter)} tokens${skills}`,
      });
    }
    case 'thread_start':
      return { ...state, threads: { ...state.threads, [e.threadId]: { parentCallId: e.parentCallId, name: e.name } } };
    case 'notice':
      return addItem(state, { kind: 'notice', text: e.message });
    case 'error':
      return addItem(commitStream(state), { kind: 'error', text: e.message });
    case 'turn_end':
      return onTurnEnd(state, e);
    // An MCP server's question is drawn by its prompt (elicitation-prompt.ts), not here.
    case 'thread_end':
    case 'command_result':
    case 'closed':
    case 'elicitation_requested':
    case 'elicitation_resolved':
      return state;
  }
}

function onToolStarted(state: ViewState, e: EventOf<'tool_call_started'>, now: number): ViewState {
  const base = commitStream(state);
  const item: ToolItem = {
    kind: 'tool',
    id: e.callId,
    name: e.name,
    callKind: e.kind,
    summary: e.summary,
    forced: e.forced,
    state: 'running',
    display: '',
    content: '',
    expanded: false,
    startedAt: now,
    seconds: 0,
  };
  return { ...base, items: [...base.items, item], activity: { label: `running ${e.name}`, since: now } };
}

function onToolFinished(state: ViewState, e: EventOf<'tool_call_finished'>, now: number): ViewState {
  const tool = findTool(state, e.callId);
  if (!tool) return state;
  const { live, ...rest } = tool;
  const finished: ToolItem = {
    ...rest,
    state: e.isError ? 'error' : 'done',
    display: e.display,
    content: resultText(e.content),
    ...(e.diff === undefined ? {} : { diff: e.diff }),
    // What it printed, counted whole (the model's copy of a long output has its middle cut out).
    ...(live ? { printedLines: liveLineCount(live) } : {}),
  };
  return { ...replaceTool(state, finished), activity: { label: 'thinking', since: now } };
}

/** A request's usage: the bar adds it until the next `status`; the running turn counts its output. */
function onUsage(state: ViewState, e: EventOf<'usage'>): ViewState {
  const unsettled = { usage: addUsage(state.unsettled.usage, e.usage), costUsd: state.unsettled.costUsd + e.costUsd };
  const turn = state.turn ? { ...state.turn, output: state.turn.output + e.usage.output } : undefined;
  return { ...state, unsettled, ...(turn ? { turn } : {}) };
}

function onTurnEnd(state: ViewState, e: EventOf<'turn_end'>): ViewState {
  const failed = e.outcome === 'failed';
  let base = commitStream(state);
  if (failed && !errorSinceTurnStart(base))
    base = addItem(base, { kind: 'error', text: failureText(e.stopReason, e.stopDetails) });
  const parts = [
    `in ${tokens(inputTokens(e.usage))}`,
    `out ${tokens(e.usage.output)}`,
    `cache ${cacheShare(e.usage)}`,
    dollars(e.costUsd),
  ];
  const label = stopLabel(e.stopReason);
  if (label) parts.push(label);
  const line: Item = failed
    ? { kind: 'turn', text: parts.join(' · '), failed: true }
    : { kind: 'turn', text: parts.join(' · ') };
  return { ...addItem(base, line), committed: '', activity: { label: 'idle' } };
}

/** A retry: a notice, the buffers of a void partial reply dropped, and a countdown in the status bar. */
function onRetry(state: ViewState, e: EventOf<'retry'>, now: number): ViewState {
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

function errorSinceTurnStart(state: ViewState): boolean {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const kind = state.items[i]?.kind;
    if (kind === 'error') return true;
    if (kind === 'user' || kind === 'turn') return false;
  }
  return false;
}
