/**
 * The transcript's shapes: plain Messages API JSON, so a transcript can be sent, stored as JSONL
 * and printed without conversion. Stored blocks never carry `cache_control`; breakpoints are added
 * to copies when a request is built (see cache.ts).
 */

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

export type ContentBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock | ToolResultBlock;

/**
 * One transcript message; `content` is always an array of blocks. `system`: a mid-conversation
 * system message (text blocks, right after a user turn; only on models whose catalogue row has
 * `midConversationSystem`), the append-only way to change instructions in a session.
 */
export interface Message {
  role: 'user' | 'assistant' | 'system';
  content: ContentBlock[];
}

/** The cache marker the Messages API accepts on a block. */
export interface CacheControl {
  type: 'ephemeral';
}

/** One block of the system prompt. */
export interface SystemBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

/** The tool_use blocks of a message, in order. */
export function toolUses(message: Message): ToolUseBlock[] {
  return message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
}

/** The concatenated text blocks of a message. */
export function messageText(message: Message): string {
  return message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
}
