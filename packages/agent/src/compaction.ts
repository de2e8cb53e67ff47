/**
 * Compaction: when the last request's input passed the threshold, the older turns are replaced
 * by a summary the model writes in one extra request (same system prompt and tools, so that
 * request is itself a cache hit), followed by what the plugins re-attach (a skill's stored
 * instructions).
 * The newest exchange (the message awaiting a reply, and the tool calls it answers) is carried
 * over as text in the summary message, and no assistant message is kept: a thinking block
 * behind a changed prefix is a 400 on the current models.
 */
import type { Message, Part, TextPart } from '@coding-harness/model';
import { messageText, resultText } from '@coding-harness/model';

/** The instruction sent as the last user message of the summarisation request. */
export const SUMMARY_INSTRUCTION = [
  'The conversation is about to be compacted to save context. Write a summary of it so far that lets you continue the work without the transcript:',
  "the user's requests and constraints in their own words, decisions made, files read and changed (with paths), commands run and their outcomes, errors met and how they were solved, and what remains to do next.",
  'Reply with the summary only, as plain text. Do not call any tool.',
].join(' ');

/** The heading of the summary message that replaces the older turns. */
export const SUMMARY_HEADING = 'This session was compacted; the earlier conversation is summarised below.';

/**
 * Splits the transcript into the part to summarise and the tail carried over: the pending tool
 * exchange (the assistant's tool calls and their results) in the middle of a tool loop, else the
 * newest user message and any system messages after it.
 */
export function splitForCompaction(messages: readonly Message[]): { head: Message[]; tail: Message[] } {
  const last = messages.at(-1);
  let cut: number;
  if (last && last.role === 'user' && last.content.some((b) => b.type === 'tool_result')) cut = messages.length - 2;
  else {
    cut = messages.length - 1;
    while (cut > 0 && messages[cut]!.role === 'system') cut--;
  }
  cut = Math.max(0, cut);
  return { head: messages.slice(0, cut), tail: messages.slice(cut) };
}

/** The messages of the summarisation request: the head plus the instruction as the final user text. */
export function summaryRequestMessages(head: readonly Message[]): Message[] {
  const out = [...head];
  const instruction: TextPart = { type: 'text', text: SUMMARY_INSTRUCTION };
  const last = out.at(-1);
  if (last && last.role === 'user') out[out.length - 1] = { role: 'user', content: [...last.content, instruction] };
  else out.push({ role: 'user', content: [instruction] });
  return out;
}

/** The heading of the tool exchange carried over as text when compacting mid tool loop. */
export const PENDING_HEADING =
  'Just before the compaction you made these tool calls; each call and its result, verbatim:';

/**
 * The compacted transcript: ONE user message (summary, re-attached texts, then the tail as
 * text blocks), plus the tail's trailing system messages. No assistant message is kept, so no
 * thinking block is ever sent behind the changed prefix: the API's prefix check rejects a
 * thinking block whose earlier messages changed (docs/2026-12-01-preserved-thinking.md).
 */
export function compactedMessages(summary: string, reattached: readonly string[], tail: readonly Message[]): Message[] {
  const blocks: Part[] = [{ type: 'text', text: `${SUMMARY_HEADING}\n\n${summary.trim()}` }];
  for (const text of reattached) blocks.push({ type: 'text', text });
  const after: Message[] = [];
  for (const m of tail) {
    if (m.role === 'system') after.push(m);
    else if (m.role === 'assistant') blocks.push(...pendingCalls(m, tail));
    else blocks.push(...m.content.filter((b) => b.type !== 'tool_result'));
  }
  return [{ role: 'user', content: blocks }, ...after];
}

/** An assistant's tool calls with their results (from the next user message) as one text block. */
function pendingCalls(assistant: Message, tail: readonly Message[]): TextPart[] {
  const results = new Map(
    tail.flatMap((m) => m.content.flatMap((b) => (b.type === 'tool_result' ? [[b.callId, b] as const] : []))),
  );
  const said = messageText(assistant).trim();
  const parts = assistant.content.flatMap((b) => {
    if (b.type !== 'tool_call') return [];
    const r = results.get(b.id);
    const outcome =
      r === undefined ? '(no result)' : `${r.isError ? 'error result' : 'result'}:\n${resultText(r.content)}`;
    return [`### ${b.name} ${JSON.stringify(b.input)}\n${outcome}`];
  });
  if (parts.length === 0) return said === '' ? [] : [{ type: 'text', text: said }];
  const intro = said === '' ? PENDING_HEADING : `${PENDING_HEADING}\n(you had written: ${said})`;
  return [{ type: 'text', text: `${intro}\n\n${parts.join('\n\n')}` }];
}

/** The text of a summarisation reply (its text blocks; tool calls are ignored). */
export function summaryText(reply: Message): string {
  return messageText(reply);
}

/** Estimates the tokens after compaction from the size ratio of the two transcripts' JSON. */
export function estimateAfter(
  tokensBefore: number,
  before: readonly Message[],
  after: readonly Message[],
  fixedChars: number,
): number {
  const b = JSON.stringify(before).length + fixedChars;
  const a = JSON.stringify(after).length + fixedChars;
  return b === 0 ? 0 : Math.round((tokensBefore * a) / b);
}
