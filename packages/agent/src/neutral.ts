/**
 * The transcript's blocks as the protocol's neutral parts, for `message_end` events. The loop
 * still keeps the Messages API's block shapes; this is the one place they are translated for
 * front ends, until the transcript itself is neutral.
 */
import type { Message as NeutralMessage, Part } from '@coding-harness/model';
import type { ContentBlock, Message } from './messages.js';

function part(block: ContentBlock): Part {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'thinking':
      return { type: 'thinking', text: block.thinking, meta: { anthropic: { signature: block.signature } } };
    case 'redacted_thinking':
      return { type: 'thinking', text: '', redacted: true, meta: { anthropic: { data: block.data } } };
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        callId: block.tool_use_id,
        content: [{ type: 'text', text: block.content }],
        ...(block.is_error ? { isError: true } : {}),
      };
  }
}

/** A transcript message in neutral parts (a new object; the transcript is not touched). */
export function neutralMessage(message: Message): NeutralMessage {
  return { role: message.role, content: message.content.map(part) };
}
