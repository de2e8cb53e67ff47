import type { SessionEvent } from '@coding-harness/protocol';
import { addItem, findTool, updateTool } from './transcript-items.js';
import type { Thread, ViewState } from './view-state.js';

/** A thread the view never saw start (its parent call is unknown). */
const UNKNOWN: Thread = { parentCallId: '', name: 'subagent' };

/**
 * A subagent's event (one with a `threadId`) as the view shows it, or undefined when it is drawn
 * as if the main turn sent it (a question and its answer, a retry, a request's usage: the turn
 * counts those). Its tool calls, failed calls, notices and compactions are dim lines nested under
 * the tool call the thread runs under (`thread_start.parentCallId`); its errors are errors naming
 * it. Its streamed text, messages and turn markers are not shown: its answer is that call's result.
 */
export function onThreadEvent(state: ViewState, e: SessionEvent): ViewState | undefined {
  const thread = (e.threadId !== undefined ? state.threads[e.threadId] : undefined) ?? UNKNOWN;
  switch (e.type) {
    case 'tool_call_started':
      return nest(state, thread, named(e.name, e.summary));
    case 'tool_call_finished':
      return e.isError ? nest(state, thread, `${e.name} failed: ${e.display}`) : state;
    case 'notice':
      return nest(state, thread, e.message);
    case 'compaction':
      return nest(state, thread, 'compacted its conversation');
    case 'error':
      return addItem(state, { kind: 'error', text: `${thread.name} (subagent): ${e.message}` });
    case 'turn_start':
    case 'request_start':
    case 'text_delta':
    case 'thinking_delta':
    case 'message_end':
    case 'tool_update':
    case 'turn_end':
    case 'thread_end':
      return state;
    default:
      return undefined;
  }
}

/** `glob *`: the call's summary, led by its name when the summary does not say it. */
export function named(name: string, summary: string): string {
  return summary.startsWith(name) ? summary : `${name}${summary ? ` ${summary}` : ''}`;
}

/** A nested line under the thread's call while that call is in the transcript; else a notice naming the thread. */
function nest(state: ViewState, thread: Thread, text: string): ViewState {
  const parent = findTool(state, thread.parentCallId);
  if (!parent) return addItem(state, { kind: 'notice', text: `${thread.name} (subagent): ${text}` });
  return updateTool(state, parent.id, { nested: [...(parent.nested ?? []), text] });
}
