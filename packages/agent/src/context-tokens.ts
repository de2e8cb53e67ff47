/**
 * The input tokens the conversation holds now, for a compaction's before and after figures: the
 * provider's exact count where it has one, else an estimate (4 characters a token). A resumed
 * session has made no request yet, so its last request's count is 0 and cannot stand in.
 */
import type { Message } from '@coding-harness/model';
import { buildRequest } from './request.js';
import type { AgentConfig } from './state.js';

/**
 * The messages as count_tokens takes them: a conversation that ends with the model's reply (the
 * usual state between turns, and a compacted one) gets a one-character user message after it, as
 * the next request will have one; the API refuses to count an assistant-final conversation on
 * models without prefill. The figure is then a few tokens over what the conversation holds.
 */
export function countableMessages(messages: readonly Message[]): Message[] {
  if (messages.at(-1)?.role !== 'assistant') return [...messages];
  return [...messages, { role: 'user', content: [{ type: 'text', text: '.' }] }];
}

export async function tokensNow(
  config: AgentConfig,
  messages: readonly Message[],
  signal: AbortSignal,
): Promise<number> {
  if (config.provider.countTokens) {
    // Effort changes no input token; counting takes only what shapes the prompt.
    const { maxTokens: _m, effort: _e, ...request } = buildRequest(config, countableMessages(messages));
    const counted = await config.provider.countTokens(request, signal).catch(() => undefined);
    if (counted !== undefined) return counted;
  }
  const chars =
    JSON.stringify(config.system).length + JSON.stringify(config.tools).length + JSON.stringify(messages).length;
  return Math.ceil(chars / 4);
}
