/**
 * The body of a Messages API request, built from per-object UTF-8 JSON kept across requests. A
 * session's requests repeat the same system texts, tools and (all but the newest one or two)
 * messages, so converting and re-serialising the whole transcript each time makes a request's
 * cost grow with the session; and a body built as bytes is neither a large short-lived string
 * on the V8 heap nor re-encoded on every write. The JSON of a neutral object is cached by its
 * identity: a cached object must not be modified afterwards, which holds for the transcript
 * (messages are replaced, never edited, once appended) and for the session's fixed system texts
 * and tools. Messages carrying a cache breakpoint are serialised afresh.
 *
 * The bytes are exactly `JSON.stringify({ ...wireRequest(request), stream: true })`
 * (property-tested): the same conversion, the same key order.
 */
import type { CacheHints, Message, ModelRequest, SystemText, ToolResultClearing, ToolSpec } from '../../index.js';
import { BETAS, cacheControl, thinkingParam, toWireMessage, toWireSystem, toWireTools } from './wire.js';
import type { CacheControl, WireRequest } from './wire-types.js';

/** The request as the API's JSON object (no `stream`). `maxTokens` absent: no `max_tokens` (count_tokens). */
export function wireRequest(request: ModelRequest | Omit<ModelRequest, 'maxTokens'>): WireRequest {
  const marks = breakpoints(request.cache);
  const wire: WireRequest = {
    model: request.model,
    ...('maxTokens' in request ? { max_tokens: request.maxTokens } : {}),
    system: toWireSystem(request.system, marks.system),
    tools: toWireTools(request.tools, marks.tools),
    messages: request.messages.map((m, i) => toWireMessage(m, marks.messages.get(i) ?? [])),
  };
  if (request.thinking !== undefined) wire.thinking = thinkingParam(request.thinking);
  if (request.effort !== undefined) wire.output_config = { effort: request.effort };
  if ('compaction' in request && request.compaction !== undefined)
    wire.compaction = compactionParam(request.compaction);
  if (request.clearToolResults !== undefined) wire.context_management = clearingParam(request.clearToolResults);
  return wire;
}

/** The `context_management` parameter of tool-result clearing. */
function clearingParam(c: ToolResultClearing): NonNullable<WireRequest['context_management']> {
  return {
    edits: [
      {
        type: 'clear_tool_uses_20250919',
        trigger: { type: 'input_tokens', value: c.triggerTokens },
        keep: { type: 'tool_uses', value: c.keepToolUses },
        clear_at_least: { type: 'input_tokens', value: c.clearAtLeastTokens },
      },
    ],
  };
}

/** The `compaction` parameter of a compaction request (a blank `instructions` is left out). */
function compactionParam(c: NonNullable<ModelRequest['compaction']>): NonNullable<WireRequest['compaction']> {
  return c.instructions !== undefined && c.instructions.trim() !== ''
    ? { type: 'summarize', instructions: c.instructions }
    : { type: 'summarize' };
}

/**
 * Beta header values a request needs, from what it carries (a compaction request or block, tool
 * changes, a server tool's opt-in such as web fetch's).
 */
export function requestBetas(
  request: Pick<ModelRequest, 'messages'> & {
    compaction?: unknown;
    clearToolResults?: unknown;
    tools?: ModelRequest['tools'];
  },
): string[] {
  const betas: string[] = (request.tools ?? []).flatMap((t) => t.server?.betas ?? []);
  const first = request.messages[0]?.content[0];
  if (request.compaction !== undefined || (first?.type === 'provider' && first.kind === 'compaction'))
    betas.push(BETAS.compaction);
  if (request.clearToolResults !== undefined) betas.push(BETAS.contextManagement);
  const changesTools = request.messages.some(
    (m) => m.role === 'system' && m.content.some((p) => p.type === 'tool_addition' || p.type === 'tool_removal'),
  );
  if (changesTools) betas.push(BETAS.toolChanges);
  return [...new Set(betas)];
}

interface Breakpoints {
  system?: CacheControl;
  tools?: CacheControl;
  /** Marked part indexes by message index. */
  messages: Map<number, number[]>;
}

/** Where `cache_control` goes: the hints' system and tools ends (with their TTL) and message parts. */
function breakpoints(hints: CacheHints | undefined): Breakpoints {
  const messages = new Map<number, number[]>();
  if (!hints) return { messages };
  const long = cacheControl(hints.ttl);
  for (const p of hints.messages) messages.set(p.message, [...(messages.get(p.message) ?? []), p.part]);
  return {
    ...(hints.system ? { system: long } : {}),
    ...(hints.tools ? { tools: long } : {}),
    messages,
  };
}

/** JSON by identity of the neutral object, per marking variant of the system and tools arrays. */
const messageJson = new WeakMap<Message, Buffer>();
const systemJson = new WeakMap<readonly SystemText[], Map<string, Buffer>>();
const toolsJson = new WeakMap<readonly ToolSpec[], Map<string, Buffer>>();

function variant<K extends object>(
  cache: WeakMap<K, Map<string, Buffer>>,
  key: K,
  mark: CacheControl | undefined,
  build: () => unknown,
): Buffer {
  const name = mark ? JSON.stringify(mark) : '';
  let byMark = cache.get(key);
  if (!byMark) {
    byMark = new Map();
    cache.set(key, byMark);
  }
  let json = byMark.get(name);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(build()));
    byMark.set(name, json);
  }
  return json;
}

function plainMessage(m: Message): Buffer {
  let json = messageJson.get(m);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(toWireMessage(m)));
    messageJson.set(m, json);
  }
  return json;
}

const COMMA = Buffer.from(',');

/**
 * The UTF-8 bytes of `JSON.stringify({ ...wireRequest(request), stream: true })`, byte for byte,
 * without converting or re-serialising objects it has serialised before. A fresh buffer the
 * caller owns.
 */
export function streamRequestBody(request: ModelRequest): Buffer {
  const marks = breakpoints(request.cache);
  const parts: Buffer[] = [
    Buffer.from(
      `{"model":${JSON.stringify(request.model)},"max_tokens":${JSON.stringify(request.maxTokens)},"system":`,
    ),
    variant(systemJson, request.system, marks.system, () => toWireSystem(request.system, marks.system)),
    Buffer.from(',"tools":'),
    variant(toolsJson, request.tools, marks.tools, () => toWireTools(request.tools, marks.tools)),
    Buffer.from(',"messages":['),
  ];
  request.messages.forEach((m, i) => {
    if (i > 0) parts.push(COMMA);
    const marked = marks.messages.get(i);
    parts.push(marked ? Buffer.from(JSON.stringify(toWireMessage(m, marked))) : plainMessage(m));
  });
  let tail = ']';
  if (request.thinking !== undefined) tail += `,"thinking":${JSON.stringify(thinkingParam(request.thinking))}`;
  if (request.effort !== undefined) tail += `,"output_config":${JSON.stringify({ effort: request.effort })}`;
  if (request.compaction !== undefined) tail += `,"compaction":${JSON.stringify(compactionParam(request.compaction))}`;
  if (request.clearToolResults !== undefined)
    tail += `,"context_management":${JSON.stringify(clearingParam(request.clearToolResults))}`;
  parts.push(Buffer.from(`${tail},"stream":true}`));
  return Buffer.concat(parts);
}
