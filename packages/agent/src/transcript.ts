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
    messages[messages.length - 1] = { role: last.role, content: [...results, ...merged.filter((b) => b.type !== 'tool_result')] };
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
