/**
 * Reading session files written before the model layer: their messages hold Messages API blocks
 * (`tool_use`, `tool_result` with `tool_use_id`, `thinking` with `signature`, `redacted_thinking`)
 * and their prefix records the API's `system` blocks and `input_schema` tools. Those files were
 * only ever written against the Anthropic API, so what only it understands (a thinking block's
 * signature, a redacted block's data) goes into `meta.anthropic`, where its provider reads it
 * back: the upgraded messages become the same bytes they were sent as.
 *
 * Files are upgraded on read, never rewritten: new records appended to an old file are neutral,
 * and a file may hold both kinds (each block is recognised by its own shape). A block that fits
 * neither is left as it is, for the record's check to refuse.
 */
import type { Part, ResultPart, SystemText, ToolSpec } from '@coding-harness/model';

/** The provider the old files' blocks came from. */
const LEGACY_PROVIDER = 'anthropic';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string';

/** A block of an old file as a neutral part; anything else (a neutral part already) unchanged. */
export function upgradeBlock(block: unknown): unknown {
  if (!isObj(block)) return block;
  switch (block.type) {
    case 'tool_use':
      return { type: 'tool_call', id: block.id, name: block.name, input: block.input };
    case 'redacted_thinking':
      return str(block.data)
        ? { type: 'thinking', text: '', redacted: true, meta: { [LEGACY_PROVIDER]: { data: block.data } } }
        : block;
    case 'thinking':
      return str(block.thinking) && str(block.signature) && !('text' in block)
        ? { type: 'thinking', text: block.thinking, meta: { [LEGACY_PROVIDER]: { signature: block.signature } } }
        : block;
    case 'tool_result': {
      if (!('tool_use_id' in block)) return block;
      const content = resultContent(block.content);
      if (content === undefined) return block;
      const part: Obj = { type: 'tool_result', callId: block.tool_use_id, content };
      if (typeof block.is_error === 'boolean') part.isError = block.is_error;
      return part;
    }
    default:
      return block;
  }
}

/** An old tool result's content (a string, or text/image/document blocks) as result parts. */
function resultContent(content: unknown): ResultPart[] | undefined {
  if (str(content)) return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return undefined;
  const parts: ResultPart[] = [];
  for (const b of content) {
    const part = resultPart(b);
    if (!part) return undefined;
    parts.push(part);
  }
  return parts;
}

function resultPart(b: unknown): ResultPart | undefined {
  if (!isObj(b)) return undefined;
  const source = isObj(b.source) ? b.source : {};
  if (b.type === 'text' && str(b.text)) return { type: 'text', text: b.text };
  if (b.type === 'image' && source.type === 'base64' && str(source.media_type) && str(source.data))
    return { type: 'image', mediaType: source.media_type, data: source.data };
  if (b.type === 'document' && str(source.data)) {
    const title = str(b.title) ? { title: b.title } : {};
    if (source.type === 'base64' && source.media_type === 'application/pdf')
      return { type: 'document', mediaType: 'application/pdf', data: source.data, ...title };
    if (source.type === 'text')
      return { type: 'document', mediaType: 'text/plain', data: Buffer.from(source.data).toString('base64'), ...title };
  }
  return undefined;
}

/** A message value with its old blocks upgraded (a new object when any changed). */
export function upgradeMessage(message: unknown): unknown {
  if (!isObj(message) || !Array.isArray(message.content)) return message;
  const content = message.content.map(upgradeBlock) as Part[];
  return content.some((p, i) => p !== (message.content as unknown[])[i]) ? { ...message, content } : message;
}

/** An old `system` block (`{type:"text", text}`) as a system text; anything else unchanged. */
function upgradeSystem(block: unknown): unknown {
  return isObj(block) && block.type === 'text' && str(block.text) ? ({ text: block.text } satisfies SystemText) : block;
}

/** An old tool definition (`input_schema`) as a tool spec; anything else unchanged. */
function upgradeTool(tool: unknown): unknown {
  if (!isObj(tool) || !('input_schema' in tool) || 'inputSchema' in tool) return tool;
  return {
    name: tool.name,
    description: str(tool.description) ? tool.description : '',
    inputSchema: tool.input_schema,
  } as ToolSpec;
}

/** A parsed record line with whatever an old harness wrote upgraded to the neutral shapes. */
export function upgradeRecord(value: unknown): unknown {
  if (!isObj(value)) return value;
  switch (value.type) {
    case 'message':
      return { ...value, message: upgradeMessage(value.message) };
    case 'compaction':
      return Array.isArray(value.messages) ? { ...value, messages: value.messages.map(upgradeMessage) } : value;
    case 'prefix':
    case 'current':
      return {
        ...value,
        system: Array.isArray(value.system) ? value.system.map(upgradeSystem) : value.system,
        tools: Array.isArray(value.tools) ? value.tools.map(upgradeTool) : value.tools,
      };
    default:
      return value;
  }
}
