/**
 * Transcript invariants, shared by the loop and the session loader: consecutive messages of one
 * role are merged (tool_results first), and an assistant tool_use always has its tool_result.
 */
import type { ContentBlock, Message, ToolResultBlock } from './messages.js';
import { toolUses } from './messages.js';

/** Appends `message`, merging it into the last one when both have the same role. */
export function appendMessage(messages: Message[], message: Message): void {
  const last = messages.at(-1);
  if (last && last.role === message.role) {
    const merged: ContentBlock[] = [...last.content, ...message.content];
    const results = merged.filter((b) => b.type === 'tool_result');
    messages[messages.length - 1] = {
      role: last.role,
      content: [...results, ...merged.filter((b) => b.type !== 'tool_result')],
    };
  } else messages.push(message);
}

/**
 * The tool_result blocks needed to close a trailing assistant message whose tool_uses have no
 * results (a process killed mid-turn); empty when the transcript is already valid.
 */
export function missingResults(messages: readonly Message[], content: string): ToolResultBlock[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return [];
  return toolUses(last).map((u) => ({ type: 'tool_result', tool_use_id: u.id, content, is_error: true }));
}

/**
 * How many leading messages form a transcript the API accepts: it starts with a user message,
 * every tool_result answers a tool_use of the assistant message just before, and every tool_use
 * of an assistant message is answered by the next user message (a trailing assistant message may
 * still wait for its results: see `missingResults`). A damaged session file is cut to this
 * length rather than repaired, because a cut keeps every earlier message byte for byte (the
 * API's prefix check on thinking blocks) while a repair would edit them.
 */
export function validPrefixLength(messages: readonly Message[]): number {
  let pending: Set<string> | undefined;
  let seenUser = false;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'assistant') {
      if (!seenUser || pending) return i;
      const ids = toolUses(m).map((u) => u.id);
      pending = ids.length > 0 ? new Set(ids) : undefined;
    } else if (m.role === 'user') {
      const answered = m.content.flatMap((b) => (b.type === 'tool_result' ? [b.tool_use_id] : []));
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
