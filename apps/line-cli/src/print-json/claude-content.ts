/**
 * A transcript message's parts in Claude Code's `-p` output shapes: the content blocks of its
 * `assistant` and `user` lines, which are the Messages API's (`text`, `thinking` with its
 * `signature`, `redacted_thinking`, `tool_use`, `tool_result` with `tool_use_id`). The transcript
 * is neutral (any provider); this is where it meets the shape scripts written for `claude -p`
 * read. A tool result of one text is its string, as Claude Code prints it; an Anthropic server
 * block is printed as it came, another provider's opaque block not at all.
 */
import type { Part, ResultPart } from '@coding-harness/model';

/** The provider whose `meta` and blocks are the Messages API's own. */
const ANTHROPIC = 'anthropic';

/** The blocks `part` is printed as (none for what has no Claude Code shape). */
export function claudeBlocks(part: Part): unknown[] {
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: part.text }];
    case 'image':
    case 'document':
      return [media(part)];
    case 'thinking': {
      const meta = part.meta?.[ANTHROPIC];
      if (part.redacted) return [{ type: 'redacted_thinking', data: typeof meta?.data === 'string' ? meta.data : '' }];
      return [
        { type: 'thinking', thinking: part.text, signature: typeof meta?.signature === 'string' ? meta.signature : '' },
      ];
    }
    case 'tool_call':
      return [{ type: 'tool_use', id: part.id, name: part.name, input: part.input }];
    case 'tool_result': {
      const only = part.content.length === 1 ? part.content[0] : undefined;
      const content = only?.type === 'text' ? only.text : part.content.length === 0 ? '' : part.content.map(media);
      return [
        {
          type: 'tool_result',
          tool_use_id: part.callId,
          content,
          ...(part.isError !== undefined ? { is_error: part.isError } : {}),
        },
      ];
    }
    case 'provider':
      return part.provider === ANTHROPIC ? [part.block] : [];
    case 'tool_addition':
    case 'tool_removal':
      // Only in mid-conversation system messages, which Claude Code's output has no line for.
      return [];
  }
}

function media(part: ResultPart): unknown {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (part.type === 'image')
    return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data } };
  return {
    type: 'document',
    source: { type: 'base64', media_type: part.mediaType, data: part.data },
    ...(part.title !== undefined ? { title: part.title } : {}),
  };
}
