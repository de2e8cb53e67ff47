import { mockSummary } from './compaction.js';
import { randomId } from './ids.js';
import type { InputUsage, ReplyMessage } from './reply.js';
import { PrefixChain, signBlock } from './thinking-binding.js';
import { estimateTokens } from './tokens.js';
import type { ValidRequest } from './validate/index.js';

/**
 * The reply to a compaction request: one signed `compaction` block (the mock's summary of the
 * messages), `stop_reason: "compaction"`, top-level input and output tokens zero and the call's
 * own usage in `usage.iterations` (platform docs, compaction-on-demand: "The top-level
 * input_tokens and output_tokens are zero because no reply was generated"). A `max_tokens` too
 * small for the summary gives empty content and `stop_reason: "max_tokens"`, as the docs say.
 */
export function compactionReply(v: ValidRequest, input: InputUsage, account: string): ReplyMessage {
  const { request } = v;
  const summary = mockSummary(request.messages);
  const tokens = estimateTokens(summary);
  const fits = tokens <= request.max_tokens;
  const prefix = new PrefixChain(request, request.messages).after(request.messages.length);
  const none = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 };
  return {
    id: randomId('msg_'),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content: fits
      ? [
          {
            type: 'compaction',
            content: summary,
            encrypted_content: null,
            signature: signBlock(request.model, account, prefix, summary),
          },
        ]
      : [],
    stop_reason: fits ? 'compaction' : 'max_tokens',
    stop_sequence: null,
    stop_details: null,
    usage: {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: none,
      output_tokens: 0,
      iterations: [{ type: 'compaction', ...input, output_tokens: fits ? tokens : request.max_tokens }],
    },
  };
}
