/**
 * Session events as the line front ends draw them (`harness` -p and the REPL): which text goes to
 * stdout or stderr, streamed or kept for the end, tool calls with their results (and a call line
 * again when its result does not follow it), subagents' calls nested under theirs, thinking dim.
 * The lines that depend on one event alone are in `render-lines.ts`.
 */
import { messageText, resultText } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import type { Colors } from './colors.js';
import { sanitize, sanitizeStyled, webActivity, webActivityLines } from '@coding-harness/session';
import { createLiveOutput } from './live-output.js';
import { diffOutputLines, outputLines } from './render-output.js';
import type { OutputMode } from './render-output.js';
import {
  compactionText,
  retryText,
  SUBAGENT_INDENT,
  toolResultLine,
  toolStartLine,
  turnEndNotes,
} from './render-lines.js';
import type { Chunk } from './render-lines.js';
import { createTextStream } from './text-stream.js';
import type { MarkdownKit } from './text-stream.js';

export type { Chunk } from './render-lines.js';
export {
  formatSeconds,
  formatUsageLine,
  refusalLine,
  retryReason,
  toolResultLine,
  toolStartLine,
} from './render-lines.js';

/** How events become text. */
export interface RenderOptions {
  colors: Colors;
  /**
   * `stream`: assistant text is written as it arrives (the REPL). `final`: only the turn's last
   * assistant text, at turn end, on stdout (`-p` text output); earlier texts go to stderr when
   * `toolLines` is on.
   */
  text: 'stream' | 'final';
  /**
   * Show `● summary` lines and their result lines (stdout when streaming, stderr otherwise), and
   * thinking (dim): streamed on stdout in the REPL, on stderr with `-p --verbose`, never on `-p` stdout.
   */
  toolLines: boolean;
  /**
   * What a command printed, under its result line (the REPL: `tail`, or `all` with `--verbose`).
   * Omitted: the one-line result only.
   */
  output?: OutputMode;
  /**
   * Streamed text for a terminal (the REPL on a TTY): a line at a time as markdown (`kit`, once
   * loaded), wrapped at words to `width()`; a code fence or a table when its block ends. Without
   * this, text is written as it streams.
   */
  markdown?: { kit?: MarkdownKit; width(): number };
  /** `-p` with stdout not a terminal: the final answer goes out byte for byte (a file or a pipe, not a screen). */
  rawStdout?: boolean;
  /** What `… N more lines` says about seeing them (default: `/expand shows all`; a replay has no whole results: ''). */
  moreHint?: string;
}

/** Turns one session event into output; holds only line state (pure apart from that state). */
export type EventRenderer = (event: SessionEvent) => Chunk[];

/** One renderer's settings and line state. */
interface RenderState {
  readonly options: RenderOptions;
  readonly c: Colors;
  readonly streaming: boolean;
  readonly toolStream: Chunk['stream'];
  readonly thinkingStream: Chunk['stream'] | undefined;
  /** Which stream is mid-line. */
  readonly mid: { out: boolean; err: boolean };
  /** Whether the last streamed block was thinking (dim, after `∴ `) or text. */
  block: 'text' | 'thinking' | undefined;
  /** Line breaks at the end of thinking, held until more thinking follows. */
  breaks: number;
  lastText: string;
  sawError: boolean;
  /**
   * Call lines by id, and the call whose line or result was drawn last: a result that does not
   * follow its own call line (parallel calls, a question between) gets the call line again first.
   */
  readonly calls: Map<string, string>;
  lastCall: string | undefined;
  /** Calls whose question already showed the diff: their result does not repeat it. */
  readonly previewed: Set<string>;
  /** Subagent threads, by id: the call each runs under. */
  readonly threads: Map<string, string>;
  /** A running command's output, shown as it arrives (the REPL), its tail at the end if not all was. */
  readonly live: ReturnType<typeof createLiveOutput>;
  /**
   * Streamed text for a terminal: drawn a line (or a fence, a table) at a time. Sanitized before
   * it is laid out and again after (only the styles the layout adds survive): an entity it
   * decoded never reaches the terminal as a control.
   */
  readonly lines: { push(text: string): string; end(): string } | undefined;
}

/**
 * Creates a renderer for one front end. Every text that came from the model, a tool or a file
 * passes through `sanitize` before colours are added.
 */
export function createEventRenderer(options: RenderOptions): EventRenderer {
  const c = options.colors;
  const streaming = options.text === 'stream';
  const md = options.markdown;
  const stream = md ? createTextStream({ colors: c, width: () => md.width(), kit: () => md.kit }) : undefined;
  const s: RenderState = {
    options,
    c,
    streaming,
    toolStream: streaming ? 'out' : 'err',
    thinkingStream: streaming ? 'out' : options.toolLines ? 'err' : undefined,
    mid: { out: false, err: false },
    block: undefined,
    breaks: 0,
    lastText: '',
    sawError: false,
    calls: new Map(),
    lastCall: undefined,
    previewed: new Set(),
    threads: new Map(),
    live: createLiveOutput(options.output, c, options.moreHint),
    lines: stream && {
      push: (text: string): string => sanitizeStyled(stream.push(text)),
      end: (): string => sanitizeStyled(stream.end()),
    },
  };
  return (event) => renderEvent(s, event);
}

function endLines(s: RenderState): Chunk[] {
  const rest = s.lines?.end() ?? '';
  const chunks: Chunk[] = rest === '' ? [] : [{ stream: 'out', text: rest }];
  if (chunks.length > 0) s.mid.out = false;
  for (const stream of ['out', 'err'] as const) {
    if (s.mid[stream]) chunks.push({ stream, text: '\n' });
    s.mid[stream] = false;
  }
  s.block = undefined;
  s.breaks = 0;
  return chunks;
}

function line(s: RenderState, stream: Chunk['stream'], text: string): Chunk[] {
  s.lastCall = undefined;
  return [...endLines(s), { stream, text: `${text}\n` }];
}

/** The end of an assistant message: the text block closed, or (not streaming) the text kept for the end. */
function endOfMessage(s: RenderState, event: Extract<SessionEvent, { type: 'message_end' }>): Chunk[] {
  if (s.streaming) return endLines(s);
  const text = messageText(event.message);
  if (text.trim() === '') return endLines(s);
  if (event.stopReason === 'tool_use')
    return s.options.toolLines ? line(s, 'err', sanitize(text.trimEnd())) : endLines(s);
  s.lastText = text;
  return endLines(s);
}

function thinking(s: RenderState, text: string): Chunk[] {
  const thinkingStream = s.thinkingStream;
  if (!thinkingStream || text === '') return [];
  const chunks: Chunk[] = [];
  if (s.block !== 'thinking') {
    chunks.push(...endLines(s), { stream: thinkingStream, text: s.c.dim('∴ ') });
    s.block = 'thinking';
    s.mid[thinkingStream] = true;
  }
  // Trailing line breaks wait for more thinking, so the block never ends on an empty indented line.
  const safe = sanitize(text);
  const body = safe.replace(/\n+$/, '');
  const trailing = safe.length - body.length;
  if (body !== '') {
    chunks.push({ stream: thinkingStream, text: s.c.dim(`${'\n'.repeat(s.breaks)}${body}`.replace(/\n/g, '\n  ')) });
    s.breaks = 0;
  }
  s.breaks += trailing;
  return chunks;
}

function textDelta(s: RenderState, text: string): Chunk[] {
  if (!s.streaming || text === '') return [];
  const chunks = s.block === 'thinking' ? endLines(s) : [];
  s.block = 'text';
  if (s.lines) {
    const ready = s.lines.push(sanitize(text));
    if (ready !== '') chunks.push({ stream: 'out', text: ready });
    return chunks;
  }
  s.mid.out = !text.endsWith('\n');
  chunks.push({ stream: 'out', text: sanitize(text) });
  return chunks;
}

/** A subagent's event: its tool calls nested under the call the thread runs for; the rest unseen. */
function threaded(s: RenderState, event: SessionEvent & { threadId: string }): Chunk[] {
  if (!s.options.toolLines) return [];
  const parent = s.threads.get(event.threadId);
  let text: string | undefined;
  if (event.type === 'tool_call_started') text = sanitize(event.summary, { multiline: false });
  else if (event.type === 'tool_call_finished' && event.isError)
    text = `${sanitize(event.name, { multiline: false })} failed: ${sanitize(event.display.split('\n')[0] ?? '', { multiline: false })}`;
  else if (event.type === 'notice' || event.type === 'error') text = sanitize(event.message, { multiline: false });
  if (text === undefined) return [];
  const nested = line(s, s.toolStream, `${SUBAGENT_INDENT}${s.c.dim(`↳ ${text}`)}`);
  // The parent call stays the last call drawn: its result follows without its call line again.
  if (parent !== undefined && s.calls.has(parent)) s.lastCall = parent;
  return nested;
}

/** The call's line again, when something else was drawn since it. */
function callLineAgain(s: RenderState, callId: string): Chunk[] {
  const callLine = s.calls.get(callId);
  return callLine !== undefined && s.lastCall !== callId ? line(s, s.toolStream, callLine) : [];
}

function toolUpdate(s: RenderState, event: Extract<SessionEvent, { type: 'tool_update' }>): Chunk[] {
  const shown = s.live.push(event.callId, event.text);
  if (shown.length === 0 || !s.options.toolLines) return [];
  const again = callLineAgain(s, event.callId);
  const chunks = [...again, ...line(s, s.toolStream, shown.join('\n'))];
  s.lastCall = event.callId;
  return chunks;
}

function toolFinished(s: RenderState, event: Extract<SessionEvent, { type: 'tool_call_finished' }>): Chunk[] {
  const { options, c } = s;
  if (!options.toolLines) return [];
  const streamed = s.live.end(event.callId);
  const again = callLineAgain(s, event.callId);
  const result = toolResultLine(sanitize(event.display.split('\n')[0] ?? '', { multiline: false }), event.isError, c);
  // What already streamed is on screen: only the part it held back (and the tail) follows.
  const output = !options.output
    ? []
    : streamed !== undefined
      ? streamed
      : outputLines(event.name, resultText(event.content), options.output, c, options.moreHint);
  if (options.output && event.diff !== undefined && !s.previewed.has(event.callId))
    output.push(...diffOutputLines(event.diff, options.output, c));
  const chunks = [...again, ...line(s, s.toolStream, [result, ...output].join('\n'))];
  s.lastCall = event.callId;
  return chunks;
}

function turnEnd(s: RenderState, event: Extract<SessionEvent, { type: 'turn_end' }>): Chunk[] {
  const chunks = endLines(s);
  const { options, lastText } = s;
  if (options.text === 'final' && lastText !== '') {
    const text = lastText.endsWith('\n') ? lastText : `${lastText}\n`;
    chunks.push({ stream: 'out', text: options.rawStdout ? text : sanitize(text) });
  }
  chunks.push(
    ...turnEndNotes(event, { streaming: s.streaming, toolLines: options.toolLines, sawError: s.sawError }, s.c),
  );
  return chunks;
}

function renderEvent(s: RenderState, event: SessionEvent): Chunk[] {
  const { options, c } = s;
  if (event.type === 'thread_start') {
    s.threads.set(event.threadId, event.parentCallId);
    return [];
  }
  if (event.threadId !== undefined && event.type !== 'approval_requested' && event.type !== 'approval_resolved')
    return event.type === 'usage' || event.type === 'retry'
      ? []
      : threaded(s, event as SessionEvent & { threadId: string });
  switch (event.type) {
    case 'turn_start':
      s.lastText = '';
      s.sawError = false;
      return [];
    case 'thinking_delta':
      return thinking(s, event.text);
    case 'text_delta':
      return textDelta(s, event.text);
    case 'message_end': {
      // A tool-result message is the agent's, not the model's: its results were drawn as they finished.
      if (event.message.role !== 'assistant') return [];
      const ended = endOfMessage(s, event);
      // What the API's web tools did in this reply (searches, fetches, the sources its text cites).
      const web = options.toolLines ? webActivityLines(webActivity(event.message)) : [];
      return web.length > 0 ? [...ended, ...line(s, s.toolStream, c.dim(sanitize(web.join('\n'))))] : ended;
    }
    case 'tool_call_started': {
      if (!options.toolLines) return [];
      const callLine = toolStartLine(sanitize(event.summary, { multiline: false }), c);
      s.calls.set(event.callId, callLine);
      const chunks = line(s, s.toolStream, callLine);
      s.lastCall = event.callId;
      return chunks;
    }
    case 'tool_update':
      return toolUpdate(s, event);
    case 'tool_call_finished':
      return toolFinished(s, event);
    case 'approval_requested':
      if (event.preview) s.previewed.add(event.callId);
      // The REPL's question follows on a line of its own (and the result then needs its call line again).
      s.lastCall = undefined;
      return s.streaming ? endLines(s) : [];
    case 'approval_resolved':
      if (event.allowed || s.streaming || !event.message) return [];
      return line(s, 'err', c.yellow(`denied: ${sanitize(event.message)}`));
    case 'retry':
      return line(s, 'err', retryText(event, c));
    case 'compaction':
      return line(s, 'err', compactionText(event, c));
    case 'notice':
      if (!options.toolLines) return [];
      return line(s, 'err', c.dim(sanitize(event.message)));
    case 'error':
      s.sawError = true;
      return line(s, 'err', c.red(`error: ${sanitize(event.message)}`));
    case 'turn_end':
      return turnEnd(s, event);
    default:
      return [];
  }
}
