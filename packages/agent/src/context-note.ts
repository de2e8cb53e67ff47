/**
 * A text told to the model between turns or with a turn (a resume note, a reload note, a hook's
 * context): a mid-conversation system message where the model's descriptor says it takes one,
 * else a note in the user turn.
 */
import type { Message, ModelDescriptor } from '@coding-harness/model';

export function contextNote(descriptor: ModelDescriptor, text: string): Message {
  return descriptor.capabilities.midConversationSystem
    ? { role: 'system', content: [{ type: 'text', text }] }
    : { role: 'user', content: [{ type: 'text', text: `<harness-note>\n${text}\n</harness-note>` }] };
}
