import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import type { ModelSpec } from '../model-table.js';
import { isCompaction } from '../compaction.js';
import { isRecord } from '../tokens.js';
import type { RequestHeaders } from './headers.js';
import { checkMediaBlock, checkToolResultMedia } from './media.js';

/** The real API's prefill rejection, verbatim. */
export const PREFILL_MESSAGE =
  'This model does not support assistant message prefill. The conversation must end with a user message.';

const USER_BLOCKS = new Set([
  'text',
  'image',
  'document',
  'tool_result',
  'search_result',
  'container_upload',
  // Only as the first block of the first message (checked with the block: compaction.ts).
  'compaction',
]);
/** What a mid-conversation system message holds (tool changes are checked in tool-changes.ts). */
const SYSTEM_BLOCKS = new Set(['text', 'tool_addition', 'tool_removal']);
const ASSISTANT_BLOCKS = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
  'container_upload',
  'document',
  'compaction',
]);

/**
 * The blocks of the API's own server tools (their calls and results). A reply paused with
 * `pause_turn` ends in one of them, and only such an assistant turn may be sent back last to
 * continue (the API is stateless: it judges the content, it remembers no reply).
 */
export const SERVER_TOOL_BLOCKS: ReadonlySet<string> = new Set([
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'mcp_tool_use',
  'mcp_tool_result',
]);

/** True when the message's content ends in a server tool's block (a paused server-tool loop). */
export function endsInServerTool(message: unknown): boolean {
  if (!isRecord(message) || !Array.isArray(message.content)) return false;
  const last = message.content.at(-1);
  return isRecord(last) && SERVER_TOOL_BLOCKS.has(String(last.type));
}

interface Turn {
  role: 'user' | 'assistant';
  /** Index of the turn's first message. */
  first: number;
  /** [message index, block index, block] for each block of the merged turn. */
  blocks: [number, number, Record<string, unknown>][];
}

/**
 * Checks the `messages` array as the real API does: roles (mid-conversation `system` only on
 * models that take it, right after a user turn or an assistant turn ending in a server tool's
 * result, and followed by an assistant turn or nothing), non-empty content and text, block types
 * per role, every `tool_use` answered by a `tool_result` in the next user turn and no unknown
 * `tool_result` ids, and no prefill on models that reject it. A last assistant turn that ends in
 * a server tool's block continues a paused server-tool loop and is not a prefill; the check looks
 * at the content only, as the stateless API does (platform docs: handling-stop-reasons `pause_turn`,
 * server-tools, mid-conversation-system-messages "Limitations"). Consecutive same-role messages
 * merge into one turn, as the API merges them.
 */
export function checkMessages(
  messages: unknown[],
  spec: ModelSpec,
  headers: RequestHeaders,
): ApiErrorResponse | undefined {
  if (messages.length === 0) return invalid('messages: at least one message is required');
  const turns: Turn[] = [];
  let previousRole: string | undefined;
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message)) return invalid(`messages.${i}: Input should be a valid dictionary`);
    const role = message.role;
    if (role !== 'user' && role !== 'assistant' && role !== 'system')
      return invalid(`messages.${i}.role: Input should be 'user', 'assistant' or 'system'`);
    const error = checkContent(message.content, i, role, headers);
    if (error) return error;
    if (role === 'system') {
      if (!spec.midConversationSystem)
        return invalid(`messages.${i}.role: role 'system' is not supported on this model`);
      const afterServerTool = previousRole === 'assistant' && endsInServerTool(messages[i - 1]);
      if (previousRole !== 'user' && previousRole !== 'system' && !afterServerTool)
        return invalid(`messages.${i}: a message with role 'system' must immediately follow a user turn`);
      const next = messages[i + 1];
      if (isRecord(next) && next.role !== 'assistant' && next.role !== 'system')
        return invalid(
          `messages.${i}: a message with role 'system' must be the last message or be immediately followed by an assistant turn`,
        );
      previousRole = role;
      continue;
    }
    const startsWithSummary = i === 0 && Array.isArray(message.content) && isCompaction(message.content[0]);
    if (turns.length === 0 && role !== 'user' && !startsWithSummary)
      return invalid('messages: first message must use the "user" role');
    previousRole = role;
    const blocks = Array.isArray(message.content)
      ? message.content.map((b, j) => [i, j, b as Record<string, unknown>] as Turn['blocks'][number])
      : [];
    const last = turns.at(-1);
    if (last?.role === role) last.blocks.push(...blocks);
    else turns.push({ role, first: i, blocks });
  }
  const lastTurn = [...messages].reverse().find((m) => isRecord(m) && m.role !== 'system');
  const continuesPause = endsInServerTool(lastTurn);
  if (turns.at(-1)?.role === 'assistant' && !spec.prefill && !continuesPause) return invalid(PREFILL_MESSAGE);
  return checkToolPairs(turns, messages.length);
}

function checkContent(
  content: unknown,
  i: number,
  role: string,
  headers: RequestHeaders,
): ApiErrorResponse | undefined {
  const empty = invalid(
    `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
  );
  if (typeof content === 'string') return content.length === 0 ? empty : undefined;
  if (!Array.isArray(content)) return invalid(`messages.${i}.content: Input should be a valid string or list`);
  if (content.length === 0) return empty;
  const allowed = role === 'assistant' ? ASSISTANT_BLOCKS : USER_BLOCKS;
  for (const [j, block] of content.entries()) {
    const at = `messages.${i}.content.${j}`;
    if (!isRecord(block)) return invalid(`${at}: Input should be a valid dictionary`);
    const type = String(block.type);
    if (role === 'system' ? !SYSTEM_BLOCKS.has(type) : !allowed.has(type))
      return invalid(`${at}: Input tag '${type}' found using 'type' does not match any of the expected tags`);
    if (type === 'text') {
      if (typeof block.text !== 'string') return invalid(`${at}.text: Field required`);
      if (block.text.length === 0) return invalid(`${at}: text content blocks must be non-empty`);
      if (block.text.trim().length === 0) return invalid(`${at}: text content blocks must contain non-whitespace text`);
      if (
        headers.version === '2026-10-21' &&
        role === 'user' &&
        Array.isArray(block.citations) &&
        block.citations.length > 0
      ) {
        return invalid(
          `${at}.citations: citations are not accepted on text blocks in user messages with anthropic-version 2026-10-21`,
        );
      }
    }
    if (type === 'document' && role === 'assistant' && headers.version === '2026-10-21') {
      return invalid(`${at}: document blocks are not accepted in assistant messages with anthropic-version 2026-10-21`);
    }
    if (type === 'thinking' && (typeof block.thinking !== 'string' || typeof block.signature !== 'string')) {
      return invalid(`${at}.${typeof block.thinking !== 'string' ? 'thinking' : 'signature'}: Field required`);
    }
    if (type === 'redacted_thinking' && typeof block.data !== 'string') return invalid(`${at}.data: Field required`);
    const media = checkMediaBlock(block, at) ?? checkToolResultMedia(block, at);
    if (media) return media;
  }
  return undefined;
}

function checkToolPairs(turns: Turn[], messageCount: number): ApiErrorResponse | undefined {
  for (const [t, turn] of turns.entries()) {
    if (turn.role !== 'user') continue;
    const previous = turns[t - 1];
    const offered = new Set(
      previous ? previous.blocks.filter(([, , b]) => b.type === 'tool_use').map(([, , b]) => String(b.id)) : [],
    );
    for (const [i, j, block] of turn.blocks) {
      if (block.type === 'tool_result' && !offered.has(String(block.tool_use_id))) {
        return invalid(
          `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(block.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        );
      }
    }
  }
  for (const [t, turn] of turns.entries()) {
    if (turn.role !== 'assistant') continue;
    const ids = turn.blocks.filter(([, , b]) => b.type === 'tool_use').map(([, , b]) => String(b.id));
    if (ids.length === 0) continue;
    const next = turns[t + 1];
    const answered = new Set(
      next ? next.blocks.filter(([, , b]) => b.type === 'tool_result').map(([, , b]) => String(b.tool_use_id)) : [],
    );
    const missing = ids.filter((id) => !answered.has(id));
    if (missing.length > 0) {
      const at = next?.first ?? messageCount;
      return invalid(
        `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    }
  }
  return undefined;
}
