/**
 * The input tokens the conversation holds now, for a compaction's before and after figures: the
 * provider's exact count where it has one, else an estimate (4 characters a token). A resumed
 * session has made no request yet, so its last request's count is 0 and cannot stand in.
 */
import type { Message } from '@coding-harness/model';
import { buildRequest } from './request.js';
import type { AgentConfig } from './state.js';

export async function tokensNow(
  config: AgentConfig,
  messages: readonly Message[],
  signal: AbortSignal,
): Promise<number> {
  if (config.provider.countTokens) {
    // Effort changes no input token; counting takes only what shapes the prompt.
    const { maxTokens: _m, effort: _e, ...request } = buildRequest(config, messages);
    const counted = await config.provider.countTokens(request, signal).catch(() => undefined);
    if (counted !== undefined) return counted;
  }
  const chars =
    JSON.stringify(config.system).length + JSON.stringify(config.tools).length + JSON.stringify(messages).length;
  return Math.ceil(chars / 4);
}
