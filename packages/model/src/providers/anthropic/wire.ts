/**
 * Neutral parts to Messages API blocks and back. The mapping is fixed and deterministic, so a
 * stored neutral message always becomes the same bytes: a text part is `{type, text}`, a thinking
 * part `{type, thinking, signature}` (or `{type:"redacted_thinking", data}`), a tool call
 * `{type:"tool_use", id, name, input}`, a tool result `{type, tool_use_id, content, is_error?}`
 * with a lone text as a string: the exact blocks (keys in the same order) the harness sent
 * before the model layer existed, so sessions written then resume byte for byte.
 *
 * What this API cannot take is left out of a request: a thinking part without this provider's
 * signature (another provider's reasoning), and `provider` parts of other providers.
 */
import type { Message, Part, ProviderPart, ResultPart, SystemText, ThinkingSetting, ToolSpec } from '../../index.js';
import { SERVER_BLOCKS } from './stream-events.js';
import type {
  CacheControl,
  RequestBlock,
  WireBlock,
  WireCitation,
  WireDocument,
  WireImage,
  WireMessage,
  WireSystemBlock,
  WireText,
  WireThinkingParam,
  WireTool,
  WireOpaque,
  WireToolResult,
} from './wire-types.js';

/** The provider id: the key of this provider's `meta`, `provider` parts and `providerOptions`. */
export const ANTHROPIC = 'anthropic';

/** The beta headers this provider sends, each only with what needs it. */
export const BETAS = {
  /** On-demand compaction: the `compaction` parameter and every request carrying its block. */
  compaction: 'compact-2026-09-04',
  /** Context editing: the `context_management` parameter (tool-result clearing). */
  contextManagement: 'context-management-2025-06-27',
  /**
   * Tool additions by definition in a `role: "system"` message (and removals by reference): on the
   * Claude API this header covers both (mid-conversation-system-messages, "Define tools in a message").
   */
  toolChanges: 'inline-tools-2026-09-15',
} as const;

/** A part as blocks of this API (none when it cannot be sent here). */
function toBlocks(part: Part): RequestBlock[] {
  switch (part.type) {
    case 'text': {
      // A cited text goes back with its citations, as the API sent it.
      const citations = part.meta?.[ANTHROPIC]?.citations;
      return Array.isArray(citations) && citations.length > 0
        ? [{ type: 'text', text: part.text, citations: citations as WireCitation[] }]
        : [{ type: 'text', text: part.text }];
    }
    case 'image':
    case 'document':
      return [mediaBlock(part)];
    case 'thinking': {
      const meta = part.meta?.[ANTHROPIC];
      if (part.redacted) return typeof meta?.data === 'string' ? [{ type: 'redacted_thinking', data: meta.data }] : [];
      return typeof meta?.signature === 'string' && meta.signature !== ''
        ? [{ type: 'thinking', thinking: part.text, signature: meta.signature }]
        : [];
    }
    case 'tool_call':
      return [{ type: 'tool_use', id: part.id, name: part.name, input: part.input }];
    case 'tool_result':
      return [toolResult(part.callId, part.content, part.isError)];
    case 'provider':
      return part.provider === ANTHROPIC && typeof part.block.type === 'string' ? [part.block as RequestBlock] : [];
    case 'tool_addition':
      return [{ type: 'tool_addition', tool: { type: 'tool_definition', definition: toWireTools([part.tool])[0]! } }];
    case 'tool_removal':
      return [{ type: 'tool_removal', tool: { type: 'tool_reference', name: part.name } }];
  }
}

function mediaBlock(part: Extract<ResultPart, { type: 'image' | 'document' }>): WireImage | WireDocument {
  if (part.type === 'image')
    return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data } };
  const source: WireDocument['source'] =
    part.mediaType === 'text/plain'
      ? { type: 'text', media_type: 'text/plain', data: Buffer.from(part.data, 'base64').toString('utf8') }
      : { type: 'base64', media_type: 'application/pdf', data: part.data };
  return part.title !== undefined ? { type: 'document', source, title: part.title } : { type: 'document', source };
}

function toolResult(id: string, content: readonly ResultPart[], isError: boolean | undefined): WireToolResult {
  const only = content.length === 1 ? content[0] : undefined;
  const body: WireToolResult['content'] =
    content.length === 0
      ? ''
      : only?.type === 'text'
        ? only.text
        : content.map((p): WireText | WireImage | WireDocument =>
            p.type === 'text' ? { type: 'text', text: p.text } : mediaBlock(p),
          );
  const block: WireToolResult = { type: 'tool_result', tool_use_id: id, content: body };
  if (isError !== undefined) block.is_error = isError;
  return block;
}

/**
 * A neutral message as a wire message, with breakpoints after the given parts: a mark on a part
 * that is not sent lands on the last block sent before it (none when there is none).
 */
export function toWireMessage(message: Message, marks: readonly number[] = [], cache?: CacheControl): WireMessage {
  const content: RequestBlock[] = [];
  const marked = new Set<number>();
  message.content.forEach((part, i) => {
    content.push(...toBlocks(part));
    if (marks.includes(i) && content.length > 0) marked.add(content.length - 1);
  });
  const control = cache ?? EPHEMERAL;
  return {
    role: message.role,
    content:
      marked.size === 0 ? content : content.map((b, i) => (marked.has(i) ? { ...b, cache_control: control } : b)),
  };
}

const EPHEMERAL: CacheControl = { type: 'ephemeral' };

/** The cache marker for a TTL (`5m`, the default, is sent without one). */
export function cacheControl(ttl: '5m' | '1h' | undefined): CacheControl {
  return ttl === '1h' ? { type: 'ephemeral', ttl: '1h' } : EPHEMERAL;
}

/** The system blocks, the last one marked when `mark` (copies). */
export function toWireSystem(system: readonly SystemText[], mark?: CacheControl): WireSystemBlock[] {
  return system.map((s, i) =>
    mark && i === system.length - 1
      ? { type: 'text', text: s.text, cache_control: mark }
      : { type: 'text', text: s.text },
  );
}

/**
 * The tool definitions, the last one sent in full marked when `mark` (copies; the schema object
 * is shared). Deferred tools are not part of the cached prompt prefix (tool-use-with-prompt-caching:
 * "Deferred tools are not included in the system-prompt prefix"), so the mark never lands on one.
 */
export function toWireTools(tools: readonly ToolSpec[], mark?: CacheControl): WireTool[] {
  let last = tools.length - 1;
  while (last > 0 && tools[last]!.deferred) last -= 1;
  return tools.map((t, i) => {
    const tool: WireTool = t.server
      ? { ...t.server.config, type: t.server.type, name: t.name }
      : { name: t.name, description: t.description, input_schema: t.inputSchema };
    if (t.deferred) tool.defer_loading = true;
    if (mark && i === last) tool.cache_control = mark;
    return tool;
  });
}

/**
 * The `thinking` parameter for a (checked) setting. Adaptive asks for summarized display:
 * on the 5.x models the text between tool calls arrives in thinking blocks, which are empty
 * under the default `omitted` display, so a front end would go quiet between tool calls.
 */
export function thinkingParam(setting: ThinkingSetting): WireThinkingParam {
  switch (setting.mode) {
    case 'adaptive':
      return { type: 'adaptive', display: 'summarized' };
    case 'between_tools':
      return { type: 'between_tools' };
    case 'off':
      return { type: 'disabled' };
    case 'budget':
      return { type: 'enabled', budget_tokens: setting.budgetTokens };
  }
}

/**
 * A block of a reply as a neutral part. Thinking keeps its signature (or a redacted block its
 * data) in `meta.anthropic`, so it can be sent back exactly; a server tool's block becomes an
 * opaque `provider` part.
 */
export function fromWireBlock(block: WireBlock): Part {
  switch (block.type) {
    case 'text': {
      const b = block as WireText;
      return b.citations && b.citations.length > 0
        ? { type: 'text', text: b.text, meta: { [ANTHROPIC]: { citations: b.citations } } }
        : { type: 'text', text: b.text };
    }
    case 'thinking': {
      const b = block as Extract<WireBlock, { type: 'thinking'; signature: string }>;
      return { type: 'thinking', text: b.thinking, meta: { [ANTHROPIC]: { signature: b.signature } } };
    }
    case 'redacted_thinking':
      return {
        type: 'thinking',
        text: '',
        redacted: true,
        meta: { [ANTHROPIC]: { data: (block as { data: string }).data } },
      };
    case 'tool_use': {
      const b = block as Extract<WireBlock, { type: 'tool_use'; id: string }>;
      return { type: 'tool_call', id: b.id, name: b.name, input: b.input };
    }
    default: {
      const part: ProviderPart = {
        type: 'provider',
        provider: ANTHROPIC,
        kind: block.type,
        block: block as WireOpaque,
      };
      if (SERVER_BLOCKS.has(block.type)) part.serverTool = true;
      const summary = (block as { content?: unknown }).content;
      if (block.type === 'compaction' && typeof summary === 'string') part.text = summary;
      return part;
    }
  }
}
