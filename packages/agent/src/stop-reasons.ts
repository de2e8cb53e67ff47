/**
 * What the loop does with a reply's stop reason besides `tool_use` and `end_turn`: one table,
 * so each reason's handling and its words for the user sit in one place.
 * - `refusal`: the turn fails; the refused exchange is cut from the transcript (the API keeps
 *   refusing a conversation that still holds it) and the cut is persisted.
 * - `pause_turn`: the API paused a long turn; the reply is sent back as it is to continue.
 * - `model_context_window_exceeded` / `max_tokens`: the reply is truncated, and the user is told
 *   why and what to change.
 */
import type { Message } from '@coding-harness/model';
import { messageText, toolCalls } from '@coding-harness/model';

/** A refusal's category and explanation (what `turn_end` carries). */
export interface StopDetails {
  category: string | null;
  explanation: string | null;
}

/** The stop details of a read result, when the reader reported well-formed ones. */
export function stopDetailsOf(result: object): StopDetails | undefined {
  if (!('stopDetails' in result)) return undefined;
  const d = result.stopDetails;
  if (d === null || typeof d !== 'object') return undefined;
  const category = 'category' in d && typeof d.category === 'string' ? d.category : null;
  const explanation = 'explanation' in d && typeof d.explanation === 'string' ? d.explanation : null;
  return { category, explanation };
}

/** The error text of a refusal: names the category and carries the API's explanation. */
export function refusalMessage(details: StopDetails | undefined): string {
  const category = details?.category ?? 'none given';
  const why = details?.explanation ? `: ${details.explanation}` : '';
  return `the model refused to continue (refusal category: ${category})${why}`;
}

/** The notice after the refused exchange was cut from the transcript. */
export const REFUSAL_REMOVED =
  'the refused turn was removed from the conversation (the model keeps refusing a conversation that holds it); rephrase the request, or try another --model';

/** The notice for a reply cut because the context window is full. */
export const CONTEXT_FULL =
  "the reply was truncated: the model's context window is full. The next request compacts the conversation; /clear starts afresh";

/** The result text of a tool call the loop did not run because the context window filled up. */
export const NOT_RUN_CONTEXT_FULL =
  "This tool call was not run: the reply was truncated because the model's context window is full.";

/** The notice for a reply cut at `max_tokens`: says when thinking used the whole budget. */
export function maxTokensNotice(message: Message, maxTokens: number): string {
  const produced = messageText(message).trim() !== '' || toolCalls(message).length > 0;
  if (produced) return `the reply was cut at the max_tokens limit (${maxTokens})`;
  const thought = message.content.some((b) => b.type === 'thinking');
  const why = thought ? 'thinking used the whole max_tokens budget' : 'the reply reached max_tokens';
  return `${why} (${maxTokens}) before any answer: raise --max-tokens, or lower --effort`;
}
