import { randomId } from './ids.js';
import { citationsOf, serverToolUsage, webFetchBlocks, webSearchBlocks } from './server-tools.js';
import type { ToolSearchState } from './tool-search.js';
import { toolSearchBlocks } from './tool-search.js';
import type { ServerToolState } from './server-tools.js';
import { estimateTokens } from './tokens.js';
import type { RefusalDetails, ScriptBlock, ScriptTurn, StopReason } from './types.js';
import type { ThinkingPlan } from './validate/thinking-config.js';

/** A response content block, as the real API sends it. */
export type ReplyBlock =
  | { type: 'text'; text: string; citations?: Record<string, unknown>[] }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | ({ type: string } & Record<string, unknown>);

/** The input side of usage, with the 5m / 1h split of what was written to the cache. */
export interface InputUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

/** The usage object of a response. */
export interface Usage extends InputUsage {
  output_tokens: number;
  output_tokens_details?: { thinking_tokens: number };
  /** Searches and fetches the server tools made for this reply. */
  server_tool_use?: Record<string, number>;
  /** Where inference ran and at what speed (when the request or the workspace named them). */
  inference_geo?: string;
  speed?: string;
  /** Per-sampling usage; a compaction request reports its summary call here (not in the top-level counters). */
  iterations?: ({ type: 'compaction' | 'message'; output_tokens: number } & InputUsage)[];
}

/** A complete non-streaming Messages API response. */
export interface ReplyMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ReplyBlock[];
  stop_reason: StopReason;
  stop_sequence: null;
  stop_details: ({ type: 'refusal' } & RefusalDetails) | null;
  usage: Usage;
  /** Present when the thinking-binding beta is on and blocks were dropped or let through. */
  input_transformations?: unknown[];
  /** With `context_management`: the edits applied before the model saw the prompt. */
  context_management?: { applied_edits: unknown[] };
}

/** What building one reply needs from the request. */
export interface ReplyContext {
  model: string;
  input: InputUsage;
  plan: ThinkingPlan;
  /** Output tokens allowed: `max_tokens`, and the room left in the context window. */
  maxTokens: number;
  contextRoom: number;
  /** True when the request's last user turn carries tool results (thinking between tools). */
  afterToolResult: boolean;
  /** The request's server tools and this reply's use of them. */
  server: ServerToolState;
  /** The request's deferred tools and its tool search tool. */
  toolSearch: ToolSearchState;
  /** Signs a thinking block given the reply's earlier blocks and the block's visible text. */
  sign: (earlier: readonly ReplyBlock[], visibleText: string) => string;
}

/**
 * Builds the reply for a turn as the model would send it for this request: thinking only when
 * the request's thinking is on (no up-front thinking under `between_tools`), thinking text per
 * the display setting, every block signed, and output cut where `max_tokens` (thinking
 * included) or the context window runs out.
 */
export function buildReply(turn: ScriptTurn, ctx: ReplyContext): ReplyMessage {
  const scripted = selectBlocks(turn.content, ctx);
  const limit = Math.min(ctx.maxTokens, ctx.contextRoom);
  const content: ReplyBlock[] = [];
  let spent = 0;
  let thinkingSpent = 0;
  let cut = false;
  let thinkingSeen = false;
  for (const block of scripted) {
    const isThinking = block.type === 'thinking' || block.type === 'redacted_thinking';
    let cost = blockTokens(block);
    if (isThinking && turn.thinkingTokens !== undefined) cost = thinkingSeen ? 0 : turn.thinkingTokens;
    thinkingSeen ||= isThinking;
    if (spent + cost > limit) {
      const partial = cutBlock(block, limit - spent);
      if (partial) content.push(...cutReplyBlocks(partial, content, ctx));
      if (isThinking) thinkingSpent += limit - spent;
      spent = limit;
      cut = true;
      break;
    }
    spent += cost;
    if (isThinking) thinkingSpent += cost;
    content.push(...toReplyBlocks(block, content, ctx));
  }
  const stopReason: StopReason = cut
    ? limit === ctx.maxTokens
      ? 'max_tokens'
      : 'model_context_window_exceeded'
    : (turn.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn'));
  const outputTokens = cut ? limit : Math.min(limit, turn.outputTokens ?? Math.max(ctx.maxTokens === 0 ? 0 : 1, spent));
  const usage: Usage = { ...ctx.input, output_tokens: outputTokens, ...turn.usage };
  const server = serverToolUsage(content);
  if (server) usage.server_tool_use = server;
  if (thinkingSeen) usage.output_tokens_details = { thinking_tokens: thinkingSpent };
  return {
    id: randomId('msg_'),
    type: 'message',
    role: 'assistant',
    model: ctx.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details:
      stopReason === 'refusal'
        ? {
            type: 'refusal',
            category: turn.refusal?.category ?? null,
            explanation: turn.refusal?.explanation ?? null,
            ...(turn.refusal?.recommended_model ? { recommended_model: turn.refusal.recommended_model } : {}),
          }
        : null,
    usage,
  };
}

function selectBlocks(blocks: ScriptBlock[], ctx: ReplyContext): ScriptBlock[] {
  const thinking = (b: ScriptBlock) => b.type === 'thinking' || b.type === 'redacted_thinking';
  if (ctx.plan.mode === 'off') return blocks.filter((b) => !thinking(b));
  if (ctx.plan.mode !== 'between_tools' || ctx.afterToolResult) return blocks;
  const firstOther = blocks.findIndex((b) => !thinking(b));
  return firstOther < 0 ? [] : blocks.slice(firstOther);
}

/**
 * The input JSON streamed so far for each tool_use block cut by the token limit. The real API
 * streams a tool call's input as `input_json_delta`s and stops where the tokens run out, so the
 * client gets a tool_use whose JSON never closes; a non-streamed reply carries `input: {}` for
 * it (what the API returns there is unconfirmed).
 */
export const PARTIAL_INPUT = new WeakMap<ReplyBlock, string>();

/** A block cut to fit: the part of its text that fits, or a tool call with part of its input. */
type CutBlock = { block: ScriptBlock; partialJson?: string };

/** The part of a block that fits in `room` tokens, or undefined when nothing of it does. */
function cutBlock(block: ScriptBlock, room: number): CutBlock | undefined {
  if (room <= 0) return block.type === 'thinking' ? { block: { ...block, thinking: '' } } : undefined;
  if (block.type === 'text') return { block: { ...block, text: block.text.slice(0, room * 4) } };
  if (block.type === 'thinking') return { block: { ...block, thinking: block.thinking.slice(0, room * 4) } };
  if (block.type === 'tool_use') {
    // The name is sent whole in content_block_start; the input's JSON stops mid-way (an object's
    // JSON without its closing brace never parses).
    const json = JSON.stringify(block.input);
    const chars = Math.max(1, Math.min(json.length - 1, (room - estimateTokens(block.name)) * 4));
    return { block: { ...block, input: {} }, partialJson: json.slice(0, chars) };
  }
  return undefined;
}

function cutReplyBlocks(cut: CutBlock, earlier: readonly ReplyBlock[], ctx: ReplyContext): ReplyBlock[] {
  const blocks = toReplyBlocks(cut.block, earlier, ctx);
  // A cut tool call is one block; its partial input goes with it.
  const [block] = blocks;
  if (cut.partialJson !== undefined && block) PARTIAL_INPUT.set(block, cut.partialJson);
  return blocks;
}

function visibleThinking(block: { thinking: string; update?: boolean }, plan: ThinkingPlan): string {
  if (plan.display === 'summarized') return block.thinking;
  if (plan.display === 'updates' && block.update) return block.thinking;
  return '';
}

function toReplyBlocks(block: ScriptBlock, earlier: readonly ReplyBlock[], ctx: ReplyContext): ReplyBlock[] {
  switch (block.type) {
    case 'web_search':
      return webSearchBlocks(block, ctx.server);
    case 'web_fetch':
      return webFetchBlocks(block, ctx.server);
    case 'tool_search':
      return toolSearchBlocks(block, ctx.toolSearch);
    case 'text':
      return block.citations && block.citations.length > 0
        ? [{ type: 'text', text: block.text, citations: citationsOf(block.citations) }]
        : [{ type: 'text', text: block.text }];
    default:
      return [toReplyBlock(block, earlier, ctx)];
  }
}

function toReplyBlock(
  block: Exclude<ScriptBlock, { type: 'text' | 'web_search' | 'web_fetch' | 'tool_search' }>,
  earlier: readonly ReplyBlock[],
  ctx: ReplyContext,
): ReplyBlock {
  switch (block.type) {
    case 'thinking': {
      const thinking = visibleThinking(block, ctx.plan);
      return { type: 'thinking', thinking, signature: ctx.sign(earlier, thinking) };
    }
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: ctx.sign(earlier, '') };
    case 'tool_use':
      return { type: 'tool_use', id: block.id ?? randomId('toolu_'), name: block.name, input: block.input };
    case 'raw':
      return { ...block.block, type: String(block.block.type) };
  }
}

function blockTokens(block: ScriptBlock): number {
  switch (block.type) {
    case 'text':
      return estimateTokens(block.text);
    case 'thinking':
      return estimateTokens(block.thinking);
    case 'redacted_thinking':
      return 16;
    case 'tool_use':
      return estimateTokens(block.name + JSON.stringify(block.input));
    case 'raw':
      return estimateTokens(JSON.stringify(block.block));
    case 'web_search':
    case 'web_fetch':
    case 'tool_search':
      return estimateTokens(JSON.stringify(block));
  }
}

/** Output tokens of scripted content: the estimate of each block's text (tool_use: its input JSON and name); at least 1. */
export function outputTokens(content: ScriptBlock[]): number {
  return Math.max(
    1,
    content.reduce((sum, b) => sum + blockTokens(b), 0),
  );
}
