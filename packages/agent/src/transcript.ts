/**
 * Transcript invariants, shared by the loop and the session loader: consecutive messages of one
 * role are merged (tool results first), and an assistant's tool call always has its result.
 */
import type { Message, Part, ToolResultPart } from '@coding-harness/model';
import { textResult, toolCalls } from '@coding-harness/model';

/** Appends `message`, merging it into the last one when both have the same role. */
export function appendMessage(messages: Message[], message: Message): void {
  const last = messages.at(-1);
  if (last && last.role === message.role) {
    const merged: Part[] = [...last.content, ...message.content];
    const results = merged.filter((b) => b.type === 'tool_result');
    messages[messages.length - 1] = {
      role: last.role,
      content: [...results, ...merged.filter((b) => b.type !== 'tool_result')],
    };
  } else messages.push(message);
}

/**
 * The tool results needed to close a trailing assistant message whose tool calls have no
 * results (a process killed mid-turn); empty when the transcript is already valid.
 */
export function missingResults(messages: readonly Message[], content: string): ToolResultPart[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return [];
  return toolCalls(last).map((u) => errorResult(u.id, content));
}

/** An error result for call `callId` with `text` as its content. */
export function errorResult(callId: string, text: string): ToolResultPart {
  return { type: 'tool_result', callId, content: textResult(text), isError: true };
}

/**
 * How many leading messages form a transcript a provider accepts: it starts with a user message
 * (or a provider's compaction summary),
 * every tool result answers a tool call of the assistant message just before, and every tool call
 * of an assistant message is answered by the next user message (a trailing assistant message may
 * still wait for its results: see `missingResults`). A damaged session file is cut to this
 * length rather than repaired, because a cut keeps every earlier message byte for byte (the
 * API's prefix check on thinking blocks) while a repair would edit them.
 */
export function validPrefixLength(messages: readonly Message[]): number {
  let pending: Set<string> | undefined;
  // A transcript the provider compacted starts with its summary (an assistant message whose first
  // part is the compaction block, then the kept reply): judged as a reply after a user turn.
  let seenUser = startsWithSummary(messages[0]);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'assistant') {
      if (!seenUser || pending) return i;
      const ids = toolCalls(m).map((u) => u.id);
      pending = ids.length > 0 ? new Set(ids) : undefined;
    } else if (m.role === 'user') {
      const answered = m.content.flatMap((b) => (b.type === 'tool_result' ? [b.callId] : []));
      if (
        answered.some((id) => !pending?.has(id)) ||
        (pending && answered.length !== pending.size) ||
        new Set(answered).size !== answered.length
      )
        return i;
      pending = undefined;
      seenUser = true;
    } else if (!seenUser || pending) return i;
  }
  return messages.length;
}

/** True for a message that begins with a provider-written compaction summary. */
export function startsWithSummary(message: Message | undefined): boolean {
  const first = message?.content[0];
  return first?.type === 'provider' && first.kind === 'compaction';
}
