/**
 * Compaction: when the last request's input passed the threshold, the older turns are replaced
 * by a summary the model writes in one extra request (same system prompt and tools, so that
 * request is itself a cache hit), followed by the re-read content of every skill invoked so far.
 * The newest exchange (the message awaiting a reply, and the tool_use it answers) is kept as is,
 * so the transcript stays valid.
 */
import type { ContentBlock, Message, TextBlock } from './messages.js';
import { messageText } from './messages.js';

/** The instruction sent as the last user message of the summarisation request. */
export const SUMMARY_INSTRUCTION = [
  'The conversation is about to be compacted to save context. Write a summary of it so far that lets you continue the work without the transcript:',
  "the user's requests and constraints in their own words, decisions made, files read and changed (with paths), commands run and their outcomes, errors met and how they were solved, and what remains to do next.",
  'Reply with the summary only, as plain text. Do not call any tool.',
].join(' ');

/** The heading of the summary message that replaces the older turns. */
export const SUMMARY_HEADING = 'This session was compacted; the earlier conversation is summarised below.';

/** Splits the transcript into the part to summarise and the tail kept verbatim. */
export function splitForCompaction(messages: readonly Message[]): { head: Message[]; tail: Message[] } {
  const last = messages.at(-1);
  const keep = last && last.role === 'user' && last.content.some((b) => b.type === 'tool_result') ? 2 : 1;
  const cut = Math.max(0, messages.length - keep);
  return { head: messages.slice(0, cut), tail: messages.slice(cut) };
}

/** The messages of the summarisation request: the head plus the instruction as the final user text. */
export function summaryRequestMessages(head: readonly Message[]): Message[] {
  const out = [...head];
  const instruction: TextBlock = { type: 'text', text: SUMMARY_INSTRUCTION };
  const last = out.at(-1);
  if (last && last.role === 'user') out[out.length - 1] = { role: 'user', content: [...last.content, instruction] };
  else out.push({ role: 'user', content: [instruction] });
  return out;
}

/** A re-attached skill: its name, arguments and the skill tool's fresh output. */
export interface ReattachedSkill {
  name: string;
  args: string;
  content: string;
}

/** The compacted transcript: the summary (and skills) in one user message, then the tail. */
export function compactedMessages(summary: string, skills: readonly ReattachedSkill[], tail: readonly Message[]): Message[] {
  const blocks: ContentBlock[] = [{ type: 'text', text: `${SUMMARY_HEADING}\n\n${summary.trim()}` }];
  for (const s of skills) {
    const how = s.args === '' ? '' : ` with arguments: ${s.args}`;
    blocks.push({ type: 'text', text: `The skill "${s.name}" was invoked earlier in this session${how}. Its instructions still apply:\n\n${s.content}` });
  }
  const first = tail[0];
  if (first && first.role === 'user') return [{ role: 'user', content: [...blocks, ...first.content] }, ...tail.slice(1)];
  return [{ role: 'user', content: blocks }, ...tail];
}

/** The text of a summarisation reply (its text blocks; tool calls are ignored). */
export function summaryText(reply: Message): string {
  return messageText(reply);
}

/** Estimates the tokens after compaction from the size ratio of the two transcripts' JSON. */
export function estimateAfter(tokensBefore: number, before: readonly Message[], after: readonly Message[], fixedChars: number): number {
  const b = JSON.stringify(before).length + fixedChars;
  const a = JSON.stringify(after).length + fixedChars;
  return b === 0 ? 0 : Math.round((tokensBefore * a) / b);
}
