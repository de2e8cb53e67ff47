import { randomBytes } from 'node:crypto';
import { randomId } from './ids.js';
import { estimateTokens } from './tokens.js';
import type { ScriptBlock, ScriptTurn } from './types.js';

/** A response content block, as the real API sends it. */
export type ReplyBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** The usage object of a response; all four counters are always present. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** A complete non-streaming Messages API response. */
export interface ReplyMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ReplyBlock[];
  stop_reason: NonNullable<ScriptTurn['stopReason']>;
  stop_sequence: null;
  usage: Usage;
}

/** Input-side usage; output tokens come from the turn. */
export type InputUsage = Omit<Usage, 'output_tokens'>;

/** Builds the reply for a turn: fresh ids, the request's model echoed, honest output tokens. */
export function buildReply(turn: ScriptTurn, model: string, input: InputUsage): ReplyMessage {
  const content = turn.content.map(toReplyBlock);
  const stop_reason = turn.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  return {
    id: randomId('msg_'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason,
    stop_sequence: null,
    usage: { ...input, output_tokens: turn.outputTokens ?? outputTokens(turn.content) },
  };
}

function toReplyBlock(block: ScriptBlock): ReplyBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: randomBytes(48).toString('base64') };
    case 'tool_use':
      return { type: 'tool_use', id: block.id ?? randomId('toolu_'), name: block.name, input: block.input };
  }
}

/** Output tokens of scripted content: the estimate of each block's text (tool_use: its input JSON and name); at least 1. */
export function outputTokens(content: ScriptBlock[]): number {
  let total = 0;
  for (const block of content) {
    if (block.type === 'text') total += estimateTokens(block.text);
    else if (block.type === 'thinking') total += estimateTokens(block.thinking);
    else total += estimateTokens(block.name + JSON.stringify(block.input));
  }
  return Math.max(1, total);
}
