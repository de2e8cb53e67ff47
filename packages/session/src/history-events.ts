/**
 * A stored conversation as the events a live session would have sent, so every front end draws a
 * resumed session with the code that draws a live one (the REPL, the TUI, an editor loading a
 * session over ACP): a user text is a `turn_start`, an assistant message its thinking and text
 * deltas, a `message_end` and a `tool_call_started` per call, a tool result a
 * `tool_call_finished`. Each replayed turn has its own `turnId` (`history_<n>`). A stored result
 * has no one-line display, so its first line stands in (with the count of lines). A compaction
 * summary, and the skills it re-attaches, are one notice.
 */
import { isAttached } from './mentions/attached-part.js';
import { SUMMARY_HEADING } from '@coding-harness/agent';
import type { CallKind } from '@coding-harness/approval';
import type { Message, ResultPart, ToolResultPart } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';

/** What the replay asks of the session's tools: a call's one-line summary and its kind. */
export interface ReplayTools {
  summarize(name: string, input: unknown): string;
  kind(name: string): CallKind;
}

/** Longest one-line result summary made from a stored result. */
const DISPLAY_MAX = 100;

/** The first non-empty line of a stored result, cut to fit, with `(N lines)` when there are more. */
export function resultLine(content: readonly ResultPart[]): string {
  const lines = resultText(content).replace(/\n+$/, '').split('\n');
  const first = (lines.find((l) => l.trim()) ?? '').trim();
  const cut = first.length > DISPLAY_MAX ? `${first.slice(0, DISPLAY_MAX - 1)}…` : first;
  return lines.length > 1 ? `${cut} (${lines.length} lines)` : cut;
}

/** The events of `messages`, in order (see the module comment). */
export function historyEvents(messages: readonly Message[], tools: ReplayTools): SessionEvent[] {
  const events: SessionEvent[] = [];
  const names = new Map<string, string>();
  let turn = 0;
  let turnId: string | undefined;
  const push = (event: SessionEvent): void => {
    events.push(turnId === undefined ? event : { ...event, turnId });
  };
  for (const message of messages) {
    if (message.role === 'system') continue;
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'thinking' && part.text !== '') push({ type: 'thinking_delta', text: part.text });
        if (part.type === 'text' && part.text !== '') push({ type: 'text_delta', text: part.text });
      }
      push({ type: 'message_end', message, stopReason: null });
      for (const part of message.content) {
        if (part.type !== 'tool_call') continue;
        names.set(part.id, part.name);
        push({
          type: 'tool_call_started',
          callId: part.id,
          name: part.name,
          kind: tools.kind(part.name),
          input: part.input,
          summary: tools.summarize(part.name, part.input),
          forced: false,
        });
      }
      continue;
    }
    let compacted = false;
    for (const part of message.content) {
      if (part.type === 'tool_result') push(finished(part, names.get(part.callId) ?? 'tool'));
      if (part.type !== 'text' || isAttached(part)) continue;
      if (part.text.startsWith(SUMMARY_HEADING)) {
        compacted = true;
        push({ type: 'notice', message: 'earlier turns were compacted into a summary' });
      } else if (!(compacted && part.text.startsWith('The skill "'))) {
        turn += 1;
        turnId = `history_${turn}`;
        push({ type: 'turn_start', turnId, turn, text: part.text });
      }
    }
  }
  return events;
}

function finished(part: ToolResultPart, name: string): SessionEvent {
  return {
    type: 'tool_call_finished',
    callId: part.callId,
    name,
    isError: part.isError === true,
    display: resultLine(part.content),
    content: part.content,
  };
}
