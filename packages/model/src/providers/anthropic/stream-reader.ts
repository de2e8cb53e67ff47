/**
 * Reads one streamed reply of the Messages API into neutral events: text and thinking deltas as
 * they arrive, then the notices (each reason once: what was skipped or repaired) and one terminal
 * `done` with the whole assistant message, or `error`. The message only exists once
 * `message_stop` was seen, so a cut stream never leaves partial content in the transcript (the
 * loop retries or keeps the `completed` parts of an aborted reply).
 *
 * Every value is checked (stream-events.ts), never trusted: whatever sequence the transport
 * yields, valid, shuffled, truncated, with unknown event or block types or events after
 * `message_stop`, `readStream` ends with exactly one `done` or `error` and never throws
 * (property-tested). The blocks of server tools the API must get back (see stream-events.ts)
 * become opaque `provider` parts; any other unknown block type is left out with a notice.
 */
import type { ModelError, ModelEvent, ModelStopReason, Part, StopDetails, Usage } from '../../index.js';
import { addUsage, emptyUsage, MODEL_STOP_REASONS } from '../../index.js';
import { mergeApiUsage } from './api-usage.js';
import { narrowEvent } from './stream-events.js';
import type { Narrowed } from './stream-events.js';
import { printableText } from './api-errors.js';
import { fromWireBlock } from './wire.js';
import type { ApiUsage, StartBlock, StreamEvent, WireBlock, WireText } from './wire-types.js';

/**
 * Characters of text, thinking and tool input one reply may hold (about 16 MiB of ASCII): past
 * it, reading stops with a clear error instead of holding a runaway reply whole in memory,
 * writing it to the session file and sending it back with every later request.
 */
export const MAX_REPLY_CHARS = 16 * 1024 * 1024;

/** A text or thinking delta, handed out as it arrives. */
type Delta = Extract<ModelEvent, { type: 'text_delta' | 'thinking_delta' }>;

interface Pending {
  block: WireBlock;
  json: string;
  done: boolean;
}

type Event<T extends StreamEvent['type']> = Extract<StreamEvent, { type: T }>;

/** The end of a read: the message (or the failure) and what the loop needs beside it. */
type Terminal = Extract<ModelEvent, { type: 'done' | 'error' }>;

/** The state of one reply being read. */
class Reply {
  readonly blocks = new Map<number, Pending>();
  /** Indexes whose start was skipped (unknown type): their deltas and stop are dropped quietly. */
  readonly skipped = new Set<number>();
  readonly notices = new Set<string>();
  /** Deltas read but not yet handed out. */
  readonly deltas: Delta[] = [];
  usage = emptyUsage();
  /** What a compaction iteration used (reported beside the top-level counters), added at the end. */
  compactionUsage: ApiUsage['compaction'];
  stopReason: string | null = null;
  stopDetails: StopDetails | undefined;
  stopped = false;
  failure: ModelError | undefined;
  /** Characters of text, thinking and tool input read so far. */
  size = 0;

  constructor(private readonly maxChars: number = MAX_REPLY_CHARS) {}

  /** Takes one narrowed event; an `error` sets `failure`, after which the reader stops. */
  take(e: StreamEvent): void {
    if (this.stopped) {
      // A complete reply stays complete: a late failure (the connection dropped after
      // message_stop) loses nothing, and late content cannot be trusted into it.
      if (e.type !== 'error') this.notices.add('events after message_stop were ignored');
      return;
    }
    switch (e.type) {
      case 'message_start':
        this.usage = mergeApiUsage(this.usage, e.message.usage);
        this.compactionUsage = e.message.usage.compaction ?? this.compactionUsage;
        return;
      case 'content_block_start':
        return this.start(e);
      case 'content_block_delta':
        return this.delta(e);
      case 'content_block_stop': {
        const p = this.blocks.get(e.index);
        if (p) p.done = true;
        else if (!this.skipped.has(e.index))
          this.notices.add('a content_block_stop for a block that never started was ignored');
        return;
      }
      case 'message_delta':
        this.stopReason = e.delta.stop_reason ?? this.stopReason;
        if (e.delta.stop_details) this.stopDetails = e.delta.stop_details;
        this.usage = mergeApiUsage(this.usage, e.usage);
        this.compactionUsage = e.usage.compaction ?? this.compactionUsage;
        return;
      case 'message_stop':
        this.stopped = true;
        return;
      case 'error':
        this.failure = e.error;
        return;
    }
  }

  /** A value the narrowing skipped: a left-out block's index is remembered, its deltas stay quiet. */
  skip(s: Extract<Narrowed, { ok: false }>): void {
    if (s.skip === null || this.stopped) return;
    if (s.block !== undefined && this.skipped.has(s.block)) return;
    if (s.leftOut !== undefined && !this.blocks.has(s.leftOut)) this.skipped.add(s.leftOut);
    this.notices.add(s.skip);
  }

  private start(e: Event<'content_block_start'>): void {
    if (this.blocks.has(e.index) || this.skipped.has(e.index)) {
      this.notices.add('a second content_block_start for the same index was ignored');
      return;
    }
    const block = e.content_block;
    if (
      block.type === 'tool_use' &&
      [...this.blocks.values()].some((p) => p.block.type === 'tool_use' && (p.block as { id?: string }).id === block.id)
    ) {
      this.skipped.add(e.index);
      this.notices.add(`a second tool_use with id ${block.id} was left out of the reply`);
      return;
    }
    this.blocks.set(e.index, { block: fresh(block), json: '', done: false });
  }

  private delta(e: Event<'content_block_delta'>): void {
    const p = this.blocks.get(e.index);
    if (!p) {
      if (!this.skipped.has(e.index)) this.notices.add('deltas for a block that never started were ignored');
      return;
    }
    if (p.done) {
      this.notices.add('deltas after a block had stopped were ignored');
      return;
    }
    const d = e.delta;
    const b = p.block as { type: string; text: string; thinking: string; signature: string };
    this.size +=
      d.type === 'text_delta'
        ? d.text.length
        : d.type === 'thinking_delta'
          ? d.thinking.length
          : d.type === 'input_json_delta'
            ? d.partial_json.length
            : 0;
    if (this.size > this.maxChars) {
      this.failure = {
        kind: 'too_large',
        retryable: false,
        message: `the model's reply passed ${this.maxChars} characters, so reading stopped and nothing of it was kept; ask for a shorter answer, or for a large file to be written in parts`,
      };
      return;
    }
    if (d.type === 'text_delta' && b.type === 'text') {
      b.text += d.text;
      this.deltas.push({ type: 'text_delta', text: d.text });
    } else if (d.type === 'thinking_delta' && b.type === 'thinking') {
      b.thinking += d.thinking;
      this.deltas.push({ type: 'thinking_delta', text: d.thinking });
    } else if (d.type === 'signature_delta' && b.type === 'thinking') b.signature += d.signature;
    else if (d.type === 'input_json_delta' && TAKES_INPUT.has(b.type)) p.json += d.partial_json;
    else if (d.type === 'citations_delta' && b.type === 'text')
      (p.block as WireText).citations = [...((p.block as WireText).citations ?? []), d.citation];
    else this.notices.add(`a ${d.type} for a ${b.type} block was ignored`);
  }

  private ordered(): Pending[] {
    return [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  }

  /** The blocks that finished (for an aborted reply): whole blocks only, tool input parsed. */
  completed(): Part[] {
    return this.ordered().flatMap((p): Part[] => {
      if (!p.done || !sendable(p.block)) return [];
      if (!TAKES_INPUT.has(p.block.type)) return [fromWireBlock(p.block)];
      const parsed = parseInput(p.json, (p.block as { input?: unknown }).input);
      return parsed.ok ? [fromWireBlock({ ...p.block, input: parsed.value })] : [];
    });
  }

  finish(): Terminal {
    const pending = this.ordered();
    const truncated: string[] = [];
    const content: Part[] = [];
    pending.forEach((p, i) => {
      const b = p.block;
      if (!sendable(b)) {
        this.notices.add('a thinking block without its signature was left out of the reply');
        return;
      }
      if (!TAKES_INPUT.has(b.type)) {
        content.push(fromWireBlock(b));
        return;
      }
      const parsed = parseInput(p.json, (b as { input?: unknown }).input);
      const cut = !p.done || !parsed.ok || (this.stopReason === 'max_tokens' && i === pending.length - 1);
      if (cut && b.type === 'tool_use') truncated.push((b as { id: string }).id);
      content.push(fromWireBlock({ ...b, input: cut || !parsed.ok ? {} : parsed.value }));
    });
    const done: Terminal = {
      type: 'done',
      message: { role: 'assistant', content },
      stopReason: this.stopReasonOf(),
      usage: this.billed(),
      truncatedToolCalls: truncated,
    };
    if (this.stopDetails) done.stopDetails = this.stopDetails;
    return done;
  }

  /** The stop reason as the neutral union; one this reader does not know is read as `end_turn`, with a notice. */
  private stopReasonOf(): ModelStopReason | null {
    const r = this.stopReason;
    if (r === null || (MODEL_STOP_REASONS as readonly string[]).includes(r)) return r as ModelStopReason | null;
    this.notices.add(`the unknown stop reason "${printableText(r, 60)}" was read as end_turn`);
    return 'end_turn';
  }

  fail(error: ModelError): Terminal {
    return { type: 'error', error, completed: this.completed(), usage: this.billed() };
  }

  /** The usage to account: the top-level counters plus a compaction iteration's. */
  private billed(): Usage {
    const c = this.compactionUsage;
    if (!c) return this.usage;
    const extra: Usage = { input: c.input, output: c.output, cacheRead: c.cacheRead, cacheWrite: c.cacheWrite };
    if (c.cacheWrite1h > 0) extra.cacheWrite1h = c.cacheWrite1h;
    const sum = addUsage(this.usage, extra);
    if (this.usage.servedAs) sum.servedAs = this.usage.servedAs;
    return sum;
  }
}

/** Block types whose input arrives as `input_json_delta`s: the tool calls, the harness's and the server's. */
const TAKES_INPUT: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/**
 * Reads `stream` to its end (a complete reply's stream is still read to its natural end, so the
 * connection can be reused), yielding deltas as they arrive, then the notices and one `done` or
 * `error`; never throws.
 */
export async function* readStream(
  stream: AsyncIterable<unknown>,
  maxChars: number = MAX_REPLY_CHARS,
): AsyncGenerator<ModelEvent> {
  const reply = new Reply(maxChars);
  const terminal = yield* read(reply, stream);
  yield* reply.deltas.splice(0);
  for (const message of reply.notices) yield { type: 'notice', message };
  yield terminal;
}

async function* read(reply: Reply, stream: AsyncIterable<unknown>): AsyncGenerator<Delta, Terminal> {
  let events: AsyncIterator<unknown>;
  try {
    events = stream[Symbol.asyncIterator]();
  } catch (err) {
    return reply.fail({ kind: 'connection', message: `the stream could not be read: ${messageOf(err)}` });
  }
  for (;;) {
    let next: IteratorResult<unknown>;
    try {
      next = await events.next();
    } catch (err) {
      if (reply.stopped) break;
      return reply.fail({ kind: 'connection', message: `the stream failed: ${messageOf(err)}` });
    }
    if (next.done) break;
    const narrowed = narrowEvent(next.value);
    if (!narrowed.ok) {
      reply.skip(narrowed);
      continue;
    }
    reply.take(narrowed.event);
    yield* reply.deltas.splice(0);
    if (reply.failure) {
      await closeQuietly(events);
      return reply.fail(reply.failure);
    }
  }
  if (!reply.stopped) return reply.fail({ kind: 'connection', message: 'the stream ended before message_stop' });
  return reply.finish();
}

/** A copy of a started block to accumulate deltas into. */
function fresh(b: StartBlock): WireBlock {
  switch (b.type) {
    case 'text':
      return b.citations ? { type: 'text', text: b.text, citations: [...b.citations] } : { type: 'text', text: b.text };
    case 'thinking':
      return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: b.data };
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} };
    case 'opaque':
      return { ...b.block };
  }
}

/** A thinking block goes back to the API only with its signature (the API rejects it without). */
function sendable(block: WireBlock): boolean {
  return block.type !== 'thinking' || (block as { signature: string }).signature !== '';
}

async function closeQuietly(events: AsyncIterator<unknown>): Promise<void> {
  try {
    await events.return?.();
  } catch {
    // Closing a failed stream can fail too; the failure is already reported.
  }
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  try {
    return String(err);
  } catch {
    return 'unprintable error';
  }
}

function parseInput(json: string, initial: unknown): { ok: true; value: unknown } | { ok: false } {
  if (json.trim() === '') return { ok: true, value: initial ?? {} };
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ok: true, value } : { ok: false };
  } catch {
    return { ok: false };
  }
}
