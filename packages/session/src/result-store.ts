/**
 * The whole results of the session's latest tool calls, for `/expand`: a front end shows a
 * result cut to a few lines, and this is where the rest is. Per call it keeps what the model got
 * (the result's text, as capped by the tool) and, for a tool that streamed its output
 * (`tool_update`: a command's stdout and stderr, secrets already redacted), everything it
 * streamed, because the model's copy of a long output has its middle cut out. A stream longer
 * than {@link STREAM_KEEP_CHARS} keeps its first and last halves and counts what fell between;
 * its lines are counted over all of it. Only the last {@link KEPT_RESULTS} calls are kept; a
 * subagent's calls are not (their parent call's result is).
 */
import { resultText } from '@coding-harness/model';
import type { SessionEvent, SlashResult } from '@coding-harness/protocol';

/** How many finished calls `/expand` can reach (1 is the latest). */
export const KEPT_RESULTS = 20;
/** Characters of one call's stream kept (head and tail halves); far more than a screen, bounded memory. */
export const STREAM_KEEP_CHARS = 4 * 1024 * 1024;

/** A call's stream as kept: its text (head and tail when it was long) and counts over all of it. */
export interface KeptStream {
  /** Characters and lines of everything streamed. */
  readonly chars: number;
  readonly lines: number;
  /** Characters not kept (between the head and the tail). */
  readonly dropped: number;
  text(): string;
}

/** A running call's stream: its head, a rolling tail, and what was dropped between. */
class StreamKeep implements KeptStream {
  constructor(private readonly keep: number) {}
  head = '';
  private tail: string[] = [];
  private tailChars = 0;
  dropped = 0;
  chars = 0;
  newlines = 0;
  last = '';

  push(text: string): void {
    this.chars += text.length;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.newlines += 1;
    if (text !== '') this.last = text.at(-1) ?? '';
    const half = Math.floor(this.keep / 2);
    let rest = text;
    const room = half - this.head.length;
    if (room > 0) {
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest === '') return;
    this.tail.push(rest);
    this.tailChars += rest.length;
    while (this.tailChars > half && this.tail.length > 0) {
      const first = this.tail[0] ?? '';
      const excess = this.tailChars - half;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailChars -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.slice(excess);
        this.tailChars -= excess;
        this.dropped += excess;
      }
    }
  }

  /** Lines of everything streamed (a last line without its line end counts). */
  get lines(): number {
    return this.newlines + (this.chars > 0 && this.last !== '\n' ? 1 : 0);
  }

  text(): string {
    const tail = this.tail.join('');
    return this.dropped === 0
      ? this.head + tail
      : `${this.head}\n[… ${this.dropped.toLocaleString('en-US')} characters not kept here …]\n${tail}`;
  }
}

/** One finished call as kept. */
export interface KeptResult {
  callId: string;
  name: string;
  summary: string;
  display: string;
  isError: boolean;
  /** The result's text as the model got it. */
  content: string;
  /** What the call streamed, when it streamed anything. */
  stream?: KeptStream;
}

export interface ResultStore {
  /** Follows the session's events (subscribe it to the session's hub). */
  take(event: SessionEvent): void;
  /** The `nth` latest finished call (1: the latest), if kept. */
  get(nth: number): KeptResult | undefined;
  /** Where the call `callId` stands among the kept ones (1: the latest), if it is kept. */
  nthOf(callId: string): number | undefined;
  /** How many finished calls are kept. */
  readonly count: number;
}

/** `keepChars`: how much of one call's stream is kept (tests make it small). */
export function createResultStore(opts: { keepChars?: number } = {}): ResultStore {
  const keep = opts.keepChars ?? STREAM_KEEP_CHARS;
  const running = new Map<string, { name: string; summary: string; stream?: StreamKeep }>();
  const done: KeptResult[] = [];
  return {
    take(event) {
      if (event.threadId !== undefined) return;
      if (event.type === 'tool_call_started') running.set(event.callId, { name: event.name, summary: event.summary });
      else if (event.type === 'tool_update') {
        const call = running.get(event.callId);
        if (!call) return;
        call.stream ??= new StreamKeep(keep);
        call.stream.push(event.text);
      } else if (event.type === 'tool_call_finished') {
        const call = running.get(event.callId);
        running.delete(event.callId);
        done.push({
          callId: event.callId,
          name: event.name,
          summary: call?.summary ?? event.name,
          display: event.display,
          isError: event.isError,
          content: resultText(event.content),
          ...(call?.stream ? { stream: call.stream } : {}),
        });
        if (done.length > KEPT_RESULTS) done.shift();
      }
    },
    get: (nth) => (Number.isInteger(nth) && nth >= 1 ? done[done.length - nth] : undefined),
    nthOf(callId) {
      const at = done.findLastIndex((r) => r.callId === callId);
      return at < 0 ? undefined : done.length - at;
    },
    get count() {
      return done.length;
    },
  };
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Lines in `text` (a last line without its line end counts; an empty text has none). */
function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n : n + 1;
}

/**
 * The whole of one kept result, as `/expand` shows it: what the call streamed when that is more
 * than the model got (the model's copy was cut), followed by a line saying what the model got;
 * otherwise the result's text as the model got it.
 */
export function wholeResult(kept: KeptResult): { text: string; lines: number; source: 'stream' | 'result' } {
  const stream = kept.stream;
  if (stream && stream.chars > kept.content.length) {
    const body = stream.text().replace(/\n$/, '');
    const note = `[${kept.display || (kept.isError ? 'failed' : 'done')} · ${count(stream.lines)} lines, ${count(stream.chars)} characters printed; the model got ${count(kept.content.length)} characters of it]`;
    return { text: `${body}\n\n${note}`, lines: stream.lines, source: 'stream' };
  }
  return { text: kept.content, lines: lineCount(kept.content.replace(/\n$/, '')), source: 'result' };
}

/**
 * `/expand [N]`: the Nth latest call's whole result (1, the default, is the latest), or why there
 * is none. A front end that shows a call may name it by its call id instead of N (the TUI opening
 * the call under the cursor, whatever finished after it).
 */
export function expandResult(store: ResultStore, args: string): SlashResult {
  const word = args.trim();
  const nth = word === '' ? 1 : (store.nthOf(word) ?? Number(word));
  if (!Number.isInteger(nth) || nth < 1)
    return {
      kind: 'error',
      command: 'expand',
      message: `"${word}" is not a number: /expand N shows the Nth latest result (1 is the latest)`,
    };
  if (store.count === 0)
    return { kind: 'error', command: 'expand', message: 'no tool call has finished in this session yet' };
  const kept = store.get(nth);
  if (!kept)
    return {
      kind: 'error',
      command: 'expand',
      message: `only the ${store.count} latest results are kept: /expand 1 is the latest, /expand ${store.count} the oldest`,
    };
  const whole = wholeResult(kept);
  return {
    kind: 'result',
    nth,
    kept: store.count,
    callId: kept.callId,
    tool: kept.name,
    summary: kept.summary,
    display: kept.display,
    isError: kept.isError,
    ...whole,
  };
}
