/**
 * Reads one streamed reply into an assistant message. Deltas are forwarded as events while
 * they arrive; the message is only returned once `message_stop` was seen, so a cut stream never
 * leaves partial content in the transcript (the caller retries or keeps `completed`).
 *
 * Every value is checked (stream-events.ts), never trusted: whatever sequence a provider yields,
 * valid, shuffled, truncated, with unknown event or block types or events after `message_stop`,
 * `readStream` resolves with a result, never rejects (property-tested). What it skipped is said
 * in `notices` (each reason once), for the loop to show.
 */
import type { AgentEvent, Usage } from './events.js';
import type { ContentBlock, Message } from './messages.js';
import type { ModelError, ModelStreamEvent, StopDetails } from './model-types.js';
import { narrowEvent } from './stream-events.js';
import type { Narrowed } from './stream-events.js';
import { emptyUsage, mergeApiUsage } from './usage.js';

export type ReadResult =
  | {
      ok: true;
      message: Message;
      stopReason: string | null;
      /** From `message_delta.delta.stop_details` (a refusal's category and explanation). */
      stopDetails?: StopDetails;
      usage: Usage;
      /** tool_use ids whose input was cut by `max_tokens` (their input in `message` is `{}`). */
      truncatedToolUses: string[];
      /** What was skipped or repaired while reading (unknown block types, stray events); each once. */
      notices: string[];
    }
  /** `completed`: the blocks that finished before the failure (used when the user aborted). */
  | { ok: false; error: ModelError; completed: ContentBlock[]; usage: Usage; notices: string[] };

interface Pending {
  block: ContentBlock;
  json: string;
  done: boolean;
}

type Event<T extends ModelStreamEvent['type']> = Extract<ModelStreamEvent, { type: T }>;

/** The state of one reply being read. */
class Reply {
  readonly blocks = new Map<number, Pending>();
  /** Indexes whose start was skipped (unknown type): their deltas and stop are dropped quietly. */
  readonly skipped = new Set<number>();
  readonly notices = new Set<string>();
  usage = emptyUsage();
  stopReason: string | null = null;
  stopDetails: StopDetails | undefined;
  stopped = false;
  failure: ModelError | undefined;

  constructor(private readonly emit: (event: AgentEvent) => void) {}

  /** Takes one narrowed event; an `error` sets `failure`, after which the reader stops. */
  take(e: ModelStreamEvent): void {
    if (this.stopped) {
      // A complete reply stays complete: a late failure (the connection dropped after
      // message_stop) loses nothing, and late content cannot be trusted into it.
      if (e.type !== 'error') this.notices.add('events after message_stop were ignored');
      return;
    }
    switch (e.type) {
      case 'message_start':
        this.usage = mergeApiUsage(this.usage, e.message.usage);
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
      [...this.blocks.values()].some((p) => p.block.type === 'tool_use' && p.block.id === block.id)
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
    const b = p.block;
    if (d.type === 'text_delta' && b.type === 'text') {
      b.text += d.text;
      this.emit({ type: 'text_delta', text: d.text });
    } else if (d.type === 'thinking_delta' && b.type === 'thinking') {
      b.thinking += d.thinking;
      this.emit({ type: 'thinking_delta', text: d.thinking });
    } else if (d.type === 'signature_delta' && b.type === 'thinking') b.signature += d.signature;
    else if (d.type === 'input_json_delta' && b.type === 'tool_use') p.json += d.partial_json;
    else this.notices.add(`a ${d.type} for a ${b.type} block was ignored`);
  }

  private ordered(): Pending[] {
    return [...this.blocks.entries()].sort(([a], [b]) => a - b).map(([, p]) => p);
  }

  /** The blocks that finished (for an aborted reply): whole blocks only, tool input parsed. */
  completed(): ContentBlock[] {
    return this.ordered().flatMap((p): ContentBlock[] => {
      if (!p.done || !sendable(p.block)) return [];
      if (p.block.type !== 'tool_use') return [p.block];
      const parsed = parseInput(p.json, p.block.input);
      return parsed.ok ? [{ ...p.block, input: parsed.value }] : [];
    });
  }

  finish(): ReadResult {
    const pending = this.ordered();
    const truncated: string[] = [];
    const content: ContentBlock[] = [];
    pending.forEach((p, i) => {
      const b = p.block;
      if (!sendable(b)) {
        this.notices.add('a thinking block without its signature was left out of the reply');
        return;
      }
      if (b.type !== 'tool_use') {
        content.push(b);
        return;
      }
      const parsed = parseInput(p.json, b.input);
      const cut = !p.done || !parsed.ok || (this.stopReason === 'max_tokens' && i === pending.length - 1);
      if (cut) truncated.push(b.id);
      content.push({ ...b, input: cut || !parsed.ok ? {} : parsed.value });
    });
    const result: ReadResult = {
      ok: true,
      message: { role: 'assistant', content },
      stopReason: this.stopReason,
      usage: this.usage,
      truncatedToolUses: truncated,
      notices: [...this.notices],
    };
    if (this.stopDetails) result.stopDetails = this.stopDetails;
    return result;
  }

  fail(error: ModelError): ReadResult {
    return { ok: false, error, completed: this.completed(), usage: this.usage, notices: [...this.notices] };
  }
}

/**
 * Consumes `stream` to its end (a complete reply's stream is still read to its natural end, so
 * the connection can be reused) and returns the reply or the failure; never throws.
 */
export async function readStream(
  stream: AsyncIterable<unknown>,
  emit: (event: AgentEvent) => void,
): Promise<ReadResult> {
  const reply = new Reply(emit);
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
    if (reply.failure) {
      await closeQuietly(events);
      return reply.fail(reply.failure);
    }
  }
  if (!reply.stopped) return reply.fail({ kind: 'connection', message: 'the stream ended before message_stop' });
  return reply.finish();
}

/** A copy of a started block to accumulate deltas into. */
function fresh(b: Event<'content_block_start'>['content_block']): ContentBlock {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: b.text };
    case 'thinking':
      return { type: 'thinking', thinking: b.thinking, signature: b.signature ?? '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: b.data };
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} };
  }
}

/** A thinking block goes back to the API only with its signature (the API rejects it without). */
function sendable(block: ContentBlock): boolean {
  return block.type !== 'thinking' || block.signature !== '';
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
