import { SUMMARY_HEADING } from '@coding-harness/agent';
import type { AgentEvent } from '@coding-harness/agent';
import type { Message, ToolResultPart } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';

/** A tool call's one-line summary as the live session shows it (`bash: npm test`); `name` when unknown. */
export type Summarize = (name: string, input: unknown) => string;

/** Longest one-line result summary made from a stored result. */
const DISPLAY_MAX = 100;

/**
 * The events a live session would have produced for a stored transcript, so that a resumed
 * conversation is drawn by the same reducer as a live one: a user text is a `turn_start`, an
 * assistant's thinking and text their deltas and an `assistant_message`, each tool call a
 * `tool_call_started` and its result a `tool_call_finished` (collapsed). The stored result has no one-line
 * display, so its first line stands in (with the count of lines). A compaction summary (and the skills it
 * re-attaches) is one notice.
 */
export function replayEvents(messages: readonly Message[], summarize: Summarize): AgentEvent[] {
  const events: AgentEvent[] = [];
  const names = new Map<string, string>();
  let turn = 0;
  for (const message of messages) {
    if (message.role === 'assistant') {
      // A message that thought streams its thinking and text in order, so thinking between tool calls keeps its place.
      const thought = message.content.some((b) => b.type === 'thinking' && b.text);
      for (const b of thought ? message.content : []) {
        if (b.type === 'thinking' && b.text) events.push({ type: 'thinking_delta', text: b.text });
        if (b.type === 'text' && b.text) events.push({ type: 'text_delta', text: b.text });
      }
      const text = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      if (text || thought) events.push({ type: 'assistant_message', text, stopReason: null });
      for (const b of message.content) {
        if (b.type !== 'tool_call') continue;
        names.set(b.id, b.name);
        events.push({
          type: 'tool_call_started',
          id: b.id,
          name: b.name,
          input: b.input,
          summary: summarize(b.name, b.input),
          forced: false,
        });
      }
      continue;
    }
    let compacted = false;
    for (const b of message.content) {
      if (b.type === 'tool_result') events.push(finished(b, names.get(b.callId) ?? 'tool'));
      if (b.type !== 'text') continue;
      if (b.text.startsWith(SUMMARY_HEADING)) {
        compacted = true;
        events.push({ type: 'notice', message: 'earlier turns were compacted into a summary' });
      } else if (!(compacted && b.text.startsWith('The skill "'))) {
        events.push({ type: 'turn_start', turn: ++turn, text: b.text });
      }
    }
  }
  return events;
}

function finished(b: ToolResultPart, name: string): AgentEvent {
  const content = resultText(b.content);
  return {
    type: 'tool_call_finished',
    id: b.callId,
    name,
    isError: b.isError === true,
    display: resultLine(content),
    content,
  };
}

/** The first non-empty line of a stored result, cut to fit, with `(N lines)` when there are more. */
export function resultLine(content: string): string {
  const lines = content.replace(/\n+$/, '').split('\n');
  const first = (lines.find((l) => l.trim()) ?? '').trim();
  const cut = first.length > DISPLAY_MAX ? `${first.slice(0, DISPLAY_MAX - 1)}…` : first;
  return lines.length > 1 ? `${cut} (${lines.length} lines)` : cut;
}
