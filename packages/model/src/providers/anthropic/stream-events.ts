/**
 * Checks one streamed value, whatever the server sent, and says what it is: a `StreamEvent` the
 * reader understands, or something to skip with the reason why. Total: it never throws, for any
 * input (property-tested). New event, block and delta types are expected (the API may add
 * variants to enum-like output values within a version) and come back as skips, except the
 * blocks of the API's server tools (`SERVER_BLOCKS`): those must go back to the API with the
 * reply (a paused turn continues from them), so they are kept whole, as opaque blocks; and the
 * signed `compaction` block of a compaction request, which arrives whole and goes back first.
 */
import type { ModelError, ModelErrorKind, StopDetails } from '../../index.js';
import { errorFromApiBody, printableText } from './api-errors.js';
import type { ApiUsage, StartBlock, StreamEvent, WireCitation, WireOpaque } from './wire-types.js';

/**
 * `skip: null`: nothing to report (a ping). `leftOut`: the index of a block whose start was
 * skipped; `block`: the index a skipped delta names (so a left-out block's deltas stay quiet).
 */
export type Narrowed =
  | { ok: true; event: StreamEvent }
  | { ok: false; skip: string | null; leftOut?: number; block?: number };

type Block = StartBlock;
type Delta = Extract<StreamEvent, { type: 'content_block_delta' }>['delta'];

type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A server-chosen name, for a notice. */
const printable = (text: string): string => printableText(text, 60);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const skip = (why: string, block?: number): Narrowed => ({
  ok: false,
  skip: why,
  ...(block !== undefined ? { block } : {}),
});
const leftOut = (why: string, i: number): Narrowed => ({ ok: false, skip: why, leftOut: i });
const event = (e: StreamEvent): Narrowed => ({ ok: true, event: e });

function index(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}

const USAGE_KEYS = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'] as const;

/** The usage counts that are finite non-negative numbers; anything else is left out. */
function usage(v: unknown): ApiUsage {
  const out: ApiUsage = {};
  if (!isObject(v)) return out;
  for (const key of USAGE_KEYS) {
    const n = v[key];
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) out[key] = n;
  }
  const compaction = compactionIterations(v.iterations);
  if (compaction) out.compaction = compaction;
  for (const key of ['inference_geo', 'speed', 'service_tier'] as const) {
    const said = v[key];
    if (typeof said === 'string' && /^[\w-]{1,40}$/.test(said)) out[key] = said;
  }
  const ttl = v.cache_creation;
  if (isObject(ttl)) {
    const split: NonNullable<ApiUsage['cache_creation']> = {};
    for (const key of ['ephemeral_5m_input_tokens', 'ephemeral_1h_input_tokens'] as const) {
      const n = ttl[key];
      if (typeof n === 'number' && Number.isFinite(n) && n >= 0) split[key] = n;
    }
    out.cache_creation = split;
  }
  return out;
}

/** A finite count >= 0, else 0. */
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/**
 * The summed usage of the `compaction` entries of `usage.iterations` (billed, but not in the
 * top-level counters, which are zero for a compaction request); undefined when there is none.
 */
function compactionIterations(v: unknown): ApiUsage['compaction'] {
  if (!Array.isArray(v)) return undefined;
  const entries = v.filter((e): e is Obj => isObject(e) && e.type === 'compaction');
  if (entries.length === 0) return undefined;
  const sum = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0 };
  for (const e of entries) {
    sum.input += count(e.input_tokens);
    sum.output += count(e.output_tokens);
    sum.cacheRead += count(e.cache_read_input_tokens);
    sum.cacheWrite += count(e.cache_creation_input_tokens);
    sum.cacheWrite1h += isObject(e.cache_creation) ? count(e.cache_creation.ephemeral_1h_input_tokens) : 0;
  }
  return sum;
}

function stopDetails(v: unknown): StopDetails | null {
  if (!isObject(v)) return null;
  const details: StopDetails = { category: str(v.category) ?? null, explanation: str(v.explanation) ?? null };
  // A model id the API suggests for a retry (refusals-and-fallback); kept only when it looks like one.
  const recommended = str(v.recommended_model);
  if (recommended !== undefined && /^[\w.:@/-]{1,100}$/.test(recommended)) details.recommendedModel = recommended;
  return details;
}

/** Block checks by type: the block, or why it is skipped. */
const BLOCKS: Record<string, (b: Obj) => Block | string> = {
  text: (b) => {
    const citations = Array.isArray(b.citations) ? b.citations.filter(isCitation) : [];
    return citations.length > 0
      ? { type: 'text', text: str(b.text) ?? '', citations }
      : { type: 'text', text: str(b.text) ?? '' };
  },
  thinking: (b) => ({ type: 'thinking', thinking: str(b.thinking) ?? '', signature: str(b.signature) ?? '' }),
  redacted_thinking: (b) => {
    const data = str(b.data);
    return data === undefined ? 'a redacted_thinking block without data' : { type: 'redacted_thinking', data };
  },
  tool_use: (b) => {
    const id = str(b.id);
    const name = str(b.name);
    if (!id || !name) return 'a tool_use block without an id or name';
    return { type: 'tool_use', id, name, input: isObject(b.input) ? b.input : {} };
  },
};

/**
 * Server tools' blocks (the API runs the tool; the reply holds its call and result) that the API
 * accepts back in an assistant message: kept as they came, input from `input_json_delta`s for the
 * `*_tool_use` ones. Only a request that enables server tools gets them; the harness sends none.
 */
export const SERVER_BLOCKS: ReadonlySet<string> = new Set([
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

/** Delta checks by type: the delta, or undefined when its payload is not a string. */
const DELTAS: Record<string, (d: Obj) => Delta | undefined> = {
  text_delta: (d) => (typeof d.text === 'string' ? { type: 'text_delta', text: d.text } : undefined),
  thinking_delta: (d) =>
    typeof d.thinking === 'string' ? { type: 'thinking_delta', thinking: d.thinking } : undefined,
  signature_delta: (d) =>
    typeof d.signature === 'string' ? { type: 'signature_delta', signature: d.signature } : undefined,
  input_json_delta: (d) =>
    typeof d.partial_json === 'string' ? { type: 'input_json_delta', partial_json: d.partial_json } : undefined,
  citations_delta: (d) => (isCitation(d.citation) ? { type: 'citations_delta', citation: d.citation } : undefined),
};

/** A citation as the API sends it: an object with a string `type` (kept whole, sent back as it came). */
function isCitation(v: unknown): v is WireCitation {
  return isObject(v) && typeof v.type === 'string';
}

const KINDS: readonly ModelErrorKind[] = [
  'rate_limit',
  'overloaded',
  'server',
  'connection',
  'aborted',
  'client',
  'auth',
  'permission',
  'billing',
  'not_found',
  'too_large',
];

/** An `error` event: our own ModelError shape, or the API's `{type, message}` error object. */
function isKind(v: unknown): v is ModelErrorKind {
  return typeof v === 'string' && (KINDS as readonly string[]).includes(v);
}

function modelError(v: unknown): ModelError {
  if (isObject(v) && typeof v.message === 'string' && isKind(v.kind)) {
    const error: ModelError = { kind: v.kind, message: v.message };
    const status = index(v.status);
    if (status !== undefined) error.status = status;
    if (typeof v.retryAfterMs === 'number' && Number.isFinite(v.retryAfterMs) && v.retryAfterMs >= 0)
      error.retryAfterMs = v.retryAfterMs;
    if (typeof v.retryable === 'boolean') error.retryable = v.retryable;
    if (typeof v.type === 'string') error.type = v.type;
    if (typeof v.requestId === 'string') error.requestId = v.requestId;
    return error;
  }
  return errorFromApiBody({ error: v }, { midStream: true });
}

const EVENTS: Record<string, (e: Obj) => Narrowed> = {
  ping: () => ({ ok: false, skip: null }),
  message_start: (e) =>
    event({ type: 'message_start', message: { usage: usage(isObject(e.message) ? e.message.usage : undefined) } }),
  content_block_start: (e) => {
    const i = index(e.index);
    if (i === undefined) return skip('a content_block_start without a valid index');
    const b = e.content_block;
    const type = isObject(b) ? str(b.type) : undefined;
    if (!isObject(b) || type === undefined)
      return leftOut(`a content block without a type was left out of the reply`, i);
    if (SERVER_BLOCKS.has(type) || type === 'compaction')
      return event({
        type: 'content_block_start',
        index: i,
        content_block: { type: 'opaque', block: b as WireOpaque },
      });
    const check = Object.hasOwn(BLOCKS, type) ? BLOCKS[type] : undefined;
    if (!check) return leftOut(`a content block of unknown type "${printable(type)}" was left out of the reply`, i);
    const block = check(b);
    return typeof block === 'string'
      ? leftOut(`${block} was left out of the reply`, i)
      : event({ type: 'content_block_start', index: i, content_block: block });
  },
  content_block_delta: (e) => {
    const i = index(e.index);
    const d = e.delta;
    const type = isObject(d) ? str(d.type) : undefined;
    if (i === undefined || !isObject(d) || type === undefined)
      return skip('a malformed content_block_delta was ignored', i);
    const check = Object.hasOwn(DELTAS, type) ? DELTAS[type] : undefined;
    if (!check) return skip(`deltas of unknown type "${printable(type)}" were ignored`, i);
    const delta = check(d);
    return delta
      ? event({ type: 'content_block_delta', index: i, delta })
      : skip(`a ${type} without its payload was ignored`, i);
  },
  content_block_stop: (e) => {
    const i = index(e.index);
    return i === undefined
      ? skip('a content_block_stop without a valid index was ignored')
      : event({ type: 'content_block_stop', index: i });
  },
  message_delta: (e) => {
    const d = isObject(e.delta) ? e.delta : {};
    const delta: { stop_reason: string | null; stop_details?: StopDetails | null } = {
      stop_reason: str(d.stop_reason) ?? null,
    };
    if (d.stop_details !== undefined) delta.stop_details = stopDetails(d.stop_details);
    return event({ type: 'message_delta', delta, usage: usage(e.usage) });
  },
  message_stop: () => event({ type: 'message_stop' }),
  error: (e) => event({ type: 'error', error: modelError(e.error) }),
};

/** What `value` is; see the module comment. */
export function narrowEvent(value: unknown): Narrowed {
  if (!isObject(value)) return skip('a stream value that is not an event object was ignored');
  const type = str(value.type);
  if (type === undefined) return skip('a stream event without a type was ignored');
  const check = Object.hasOwn(EVENTS, type) ? EVENTS[type] : undefined;
  return check ? check(value) : skip(`stream events of unknown type "${printable(type)}" were ignored`);
}
