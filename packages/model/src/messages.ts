/**
 * The conversation as the loop keeps it: neutral messages and parts that no provider's wire
 * format dictates. A provider turns them into its request body and turns its reply back into
 * them; what only one provider understands (a thinking signature, a server tool's block) rides in
 * `meta` or in an opaque `provider` part that other providers drop. Plain JSON throughout, so a
 * transcript can be stored as JSONL, sent over a protocol and printed without conversion.
 */

import type { ToolSpec } from './tool-spec.js';

/** Data a provider attaches to a part so it can send the part back exactly (keyed by provider id). */
export type ProviderMeta = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface TextPart {
  type: 'text';
  text: string;
  /** Citations and the like, for the provider that made them. */
  meta?: ProviderMeta;
}

/**
 * An image, inline (base64) as the model sees it. `mediaType` is one of the types the model
 * accepts (`image/png`, `image/jpeg`, `image/gif`, `image/webp`).
 */
export interface ImagePart {
  type: 'image';
  mediaType: string;
  /** Base64, no data: prefix. */
  data: string;
  /** The file it was read from, as shown to the user (never sent: for messages that must name it). */
  title?: string;
}

/** A document the model reads whole (a PDF, or plain text), inline as base64. */
export interface DocumentPart {
  type: 'document';
  mediaType: 'application/pdf' | 'text/plain';
  data: string;
  title?: string;
}

/**
 * The model's reasoning. `text` is what may be shown (summarised or empty when the provider
 * hides it); `meta` holds what makes it valid to send back (Anthropic: `signature`, or the
 * `data` of a redacted block with `redacted: true`). A thinking part without the meta its
 * provider needs is never sent back.
 */
export interface ThinkingPart {
  type: 'thinking';
  text: string;
  redacted?: boolean;
  meta?: ProviderMeta;
}

/** The model asks for a tool to run. `input` is whatever JSON the model produced (checked by the tool). */
export interface ToolCallPart {
  type: 'tool_call';
  id: string;
  name: string;
  input: unknown;
  meta?: ProviderMeta;
}

/** What a tool result may hold: text, images, documents. */
export type ResultPart = TextPart | ImagePart | DocumentPart;

/** The answer to one tool call, in the user message that follows the call. */
export interface ToolResultPart {
  type: 'tool_result';
  callId: string;
  content: ResultPart[];
  isError?: boolean;
}

/**
 * A block only its provider understands (a server tool call and its result, a server-side
 * compaction summary): kept in the transcript and sent back to that provider as it came, dropped
 * for any other. `kind` names it for people (`server_tool_use`, `compaction`).
 */
export interface ProviderPart {
  type: 'provider';
  provider: string;
  kind: string;
  /** The block exactly as the provider's wire format has it. */
  block: Readonly<Record<string, unknown>>;
  /** Text worth showing for it, if any (a compaction summary, a search's query). */
  text?: string;
  /**
   * A step of the provider's own tool loop (a server tool's call or its result). A turn the
   * provider paused (`pause_turn`) continues only when its reply ends in such a step.
   */
  serverTool?: boolean;
}

/**
 * A tool offered to the model from this point of the conversation on, by its whole definition,
 * without changing the request's tool list (so its cached prefix and earlier thinking stay valid).
 * Only in a `system` message, for models whose descriptor says `midConversationTools`; a later
 * addition of the same name replaces the definition from there on.
 */
export interface ToolAdditionPart {
  type: 'tool_addition';
  tool: ToolSpec;
}

/** A tool withdrawn from this point on (a tool of the request's list or an earlier addition), in a `system` message. */
export interface ToolRemovalPart {
  type: 'tool_removal';
  name: string;
}

export type Part =
  | TextPart
  | ImagePart
  | DocumentPart
  | ThinkingPart
  | ToolCallPart
  | ToolResultPart
  | ProviderPart
  | ToolAdditionPart
  | ToolRemovalPart;

/**
 * One message. `system`: a mid-conversation system message (text parts, and tool additions and
 * removals where the descriptor says `midConversationTools`; right after a user turn, for models
 * whose descriptor says `midConversationSystem`), the append-only way to change instructions and
 * tools in a session.
 */
export interface Message {
  role: 'user' | 'assistant' | 'system';
  content: Part[];
}

/** The tool calls of a message, in order. */
export function toolCalls(message: Message): ToolCallPart[] {
  return message.content.filter((p): p is ToolCallPart => p.type === 'tool_call');
}

/** True when the message ends in a step of the provider's own tool loop (a paused turn can go on from there). */
export function endsInServerTool(message: Message): boolean {
  const last = message.content.at(-1);
  return last?.type === 'provider' && last.serverTool === true;
}

/** The concatenated text parts of a message. */
export function messageText(message: Message): string {
  let text = '';
  for (const p of message.content) if (p.type === 'text') text += p.text;
  return text;
}

/** The text of result parts (images and documents are named, not inlined), for people and logs. */
export function resultText(content: readonly ResultPart[]): string {
  return content
    .map((p) =>
      p.type === 'text' ? p.text : p.type === 'image' ? `[image ${p.mediaType}]` : `[document ${p.mediaType}]`,
    )
    .join('\n');
}

/** A text-only tool result body. */
export function textResult(text: string): ResultPart[] {
  return [{ type: 'text', text }];
}
