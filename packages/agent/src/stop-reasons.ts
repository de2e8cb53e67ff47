/**
 * What the loop does with a reply's stop reason besides `tool_use` and `end_turn`: one table,
 * so each reason's handling and its words for the user sit in one place.
 * - `refusal`: the turn fails; the refused exchange is cut from the transcript (the API keeps
 *   refusing a conversation that still holds it) and the cut is persisted.
 * - `pause_turn`: the API paused a long turn of its own server tools; the reply is sent back as it
 *   is to continue, only when it ends in a server tool step (anything else sent back last is a
 *   prefill, which the current models refuse); otherwise the turn ends with a notice.
 * - `model_context_window_exceeded` / `max_tokens`: the reply is truncated, and the user is told
 *   why and what to change (the limit and the model's cap).
 * - a reply with no text and no tool call (thinking only, or nothing) fails the turn:
 *   `empty_answer`, with what to try.
 */
import type { Message } from '@coding-harness/model';
import { messageText, toolCalls } from '@coding-harness/model';

/** A refusal's category and explanation, and the model the API recommends for a retry (what `turn_end` carries). */
export interface StopDetails {
  category: string | null;
  explanation: string | null;
  recommendedModel?: string;
}

/** The stop details of a read result, when the reader reported well-formed ones. */
export function stopDetailsOf(result: object): StopDetails | undefined {
  if (!('stopDetails' in result)) return undefined;
  const d = result.stopDetails;
  if (d === null || typeof d !== 'object') return undefined;
  const category = 'category' in d && typeof d.category === 'string' ? d.category : null;
  const explanation = 'explanation' in d && typeof d.explanation === 'string' ? d.explanation : null;
  const recommended =
    'recommendedModel' in d && typeof d.recommendedModel === 'string' ? d.recommendedModel : undefined;
  return recommended !== undefined
    ? { category, explanation, recommendedModel: recommended }
    : { category, explanation };
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

/** Thousands separated, for token counts in messages. */
const count = (n: number): string => n.toLocaleString('en-US');

/** What a max_tokens limit is, against the model's cap: `32,000; this model takes up to 128,000` or `128,000, this model's cap`. */
function limitWords(maxTokens: number, cap: number): string {
  return maxTokens >= cap
    ? `${count(maxTokens)}, this model's cap`
    : `${count(maxTokens)}; this model takes up to ${count(cap)}`;
}

/** Why a reply that still produced something stopped at `max_tokens`, and what to change. */
export function maxTokensExplanation(maxTokens: number, cap: number): string {
  const fix =
    maxTokens >= cap ? 'ask for a shorter answer, or split the task' : `raise --max-tokens (up to ${count(cap)})`;
  return `the reply was cut at the max_tokens limit (${limitWords(maxTokens, cap)}): ${fix}`;
}

/** What a turn that ended without text or a tool call needs said: the cause, then what to try. */
export interface EmptyAnswerContext {
  stopReason: string;
  maxTokens: number;
  /** The model's output cap (its descriptor's `maxOutput`). */
  cap: number;
  /** The effort in force (sent, or the model's default), when the model takes one. */
  effort?: string;
  /** The model accepts thinking `off`. */
  thinkingOff: boolean;
}

/**
 * The error text of a turn whose last reply has no text and no tool call: a thinking-only reply
 * (all output spent thinking at max_tokens, or an answer written only in thinking, documented for
 * Haiku 5.5 at high effort) or an empty one. Says what happened and what to try.
 */
export function emptyAnswerMessage(message: Message, ctx: EmptyAnswerContext): string {
  const thought = message.content.some((b) => b.type === 'thinking');
  const lower = ctx.effort
    ? `lower the effort (now ${ctx.effort}; --effort or /effort)`
    : 'lower the effort (--effort or /effort)';
  if (ctx.stopReason === 'max_tokens') {
    const what = thought ? 'spent the whole max_tokens budget thinking' : 'reached max_tokens';
    const raise = ctx.maxTokens < ctx.cap ? `raise --max-tokens (up to ${count(ctx.cap)}), or ` : '';
    return `no answer: the model ${what} (${limitWords(ctx.maxTokens, ctx.cap)}) before writing any text or tool call; ${raise}${lower}`;
  }
  if (!thought)
    return 'no answer: the model ended its turn without any text or tool call; send the request again, or rephrase it';
  const off = ctx.thinkingOff ? ', turn thinking off (--thinking off)' : '';
  return `no answer: the model ended its turn with thinking only, no text or tool call (the answer may be in its thinking: --verbose shows it); ${lower}${off}, or send the request again`;
}

/** True when a reply holds no text (beyond whitespace) and no tool call. */
export function isEmptyAnswer(message: Message): boolean {
  return messageText(message).trim() === '' && toolCalls(message).length === 0;
}

/** The notice when the API paused a turn (`pause_turn`) whose reply ends in no server tool step: it cannot be continued. */
export const PAUSE_NOT_CONTINUED =
  'the API paused this turn (pause_turn), but its reply ends in no server tool step, so sending it back would be refused as a prefill; the turn ends here: send a message to go on';
