import type { Usage } from '@coding-harness/agent';
import { messageText, resultText } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import type { Colors } from './colors.js';
import { sanitize, sanitizeStyled, webActivity, webActivityLines } from '@coding-harness/session';
import { createLiveOutput } from './live-output.js';
import { diffOutputLines, outputLines } from './render-output.js';
import type { OutputMode } from './render-output.js';
import { createTextStream } from './text-stream.js';
import type { MarkdownKit } from './text-stream.js';

/** A piece of output and the stream it belongs on. */
export interface Chunk {
  stream: 'out' | 'err';
  text: string;
}

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

/** Formats a usage summary: tokens in (with the cache-read share), tokens out and the cost estimate. */
export function formatUsageLine(usage: Usage, costUsd: number): string {
  const input = usage.input + usage.cacheRead + usage.cacheWrite;
  const share = input > 0 ? Math.round((usage.cacheRead / input) * 100) : 0;
  return `tokens in ${input.toLocaleString('en-US')} (${share}% cache read) · out ${usage.output.toLocaleString('en-US')} · ~$${costUsd.toFixed(4)}`;
}

/** Seconds with one decimal, e.g. `1.2s`. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/** One line for a tool call as it starts: `● read_file src/app.ts`. */
export function toolStartLine(summary: string, colors: Colors): string {
  return `${colors.cyan('●')} ${summary}`;
}

/** The one-line result under a tool call: `  ⎿  read 12 lines` (red when it failed). */
export function toolResultLine(display: string, isError: boolean, colors: Colors): string {
  const first = display.split('\n')[0] ?? '';
  return `  ${colors.dim('⎿')}  ${isError ? colors.red(first) : colors.dim(first)}`;
}

/** Where a subagent's lines start: under the call it runs for. */
const SUBAGENT_INDENT = '     ';

/**
 * Stop reasons after which the answer is incomplete; shown even where notices are hidden (plain
 * `-p`). The session's own explanation (`turn_end.stopDetails.explanation`: the limit, the model's
 * cap and what to change) is shown when it gave one.
 */
const CUT: Readonly<Record<string, string>> = {
  max_tokens: 'the answer is incomplete: the model stopped at max_tokens',
  model_context_window_exceeded: "the answer is incomplete: the conversation filled the model's context window",
};

/** The first line of a retry reason, cut to a readable length (the raw API body can be long JSON). */
export function retryReason(reason: string): string {
  const first = sanitize(reason.split('\n')[0] ?? '', { multiline: false });
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}

/** The refusal line when the agent sent no error event for it: names the category and explanation. */
export function refusalLine(details: { category: string | null; explanation: string | null } | undefined): string {
  const category = details?.category ? ` (category: ${sanitize(details.category, { multiline: false })})` : '';
  const explanation = details?.explanation ? `: ${sanitize(details.explanation)}` : '';
  return `error: the model refused this request${category}${explanation}`;
}

/**
 * Creates a renderer for one front end. Every text that came from the model, a tool or a file
 * passes through `sanitize` before colours are added. Line state: which stream is mid-line, and
 * whether the last streamed block was thinking (dim, after `∴ `) or text.
 */
export function createEventRenderer(options: RenderOptions): EventRenderer {
  const c = options.colors;
  const streaming = options.text === 'stream';
  const toolStream: Chunk['stream'] = streaming ? 'out' : 'err';
  const thinkingStream: Chunk['stream'] | undefined = streaming ? 'out' : options.toolLines ? 'err' : undefined;
  const outText = (text: string): string => (options.rawStdout ? text : sanitize(text));
  const mid = { out: false, err: false };
  let block: 'text' | 'thinking' | undefined;
  let breaks = 0;
  let lastText = '';
  let sawError = false;
  // Call lines by id, and the call whose line or result was drawn last: a result that does not
  // follow its own call line (parallel calls, a question between) gets the call line again first.
  const calls = new Map<string, string>();
  let lastCall: string | undefined;
  // Calls whose question already showed the diff: their result does not repeat it.
  const previewed = new Set<string>();
  // Subagent threads, by id: the call each runs under.
  const threads = new Map<string, string>();
  // A running command's output, shown as it arrives (the REPL), its tail at the end if not all was.
  const live = createLiveOutput(options.output, c, options.moreHint);

  // Streamed text for a terminal: drawn a line (or a fence, a table) at a time. Sanitized before
  // it is laid out and again after (only the styles the layout adds survive): an entity it
  // decoded never reaches the terminal as a control.
  const md = options.markdown;
  const stream = md ? createTextStream({ colors: c, width: () => md.width(), kit: () => md.kit }) : undefined;
  const lines = stream && {
    push: (text: string): string => sanitizeStyled(stream.push(text)),
    end: (): string => sanitizeStyled(stream.end()),
  };
  const endLines = (): Chunk[] => {
    const rest = lines?.end() ?? '';
    const chunks: Chunk[] = rest === '' ? [] : [{ stream: 'out', text: rest }];
    if (chunks.length > 0) mid.out = false;
    for (const stream of ['out', 'err'] as const) {
      if (mid[stream]) chunks.push({ stream, text: '\n' });
      mid[stream] = false;
    }
    block = undefined;
    breaks = 0;
    return chunks;
  };
  const line = (stream: Chunk['stream'], text: string): Chunk[] => {
    lastCall = undefined;
    return [...endLines(), { stream, text: `${text}\n` }];
  };
  /** The end of an assistant message: the text block closed, or (not streaming) the text kept for the end. */
  const endOfMessage = (event: Extract<SessionEvent, { type: 'message_end' }>): Chunk[] => {
    if (streaming) return endLines();
    const text = messageText(event.message);
    if (text.trim() === '') return endLines();
    if (event.stopReason === 'tool_use') return options.toolLines ? line('err', sanitize(text.trimEnd())) : endLines();
    lastText = text;
    return endLines();
  };

  const thinking = (text: string): Chunk[] => {
    if (!thinkingStream || text === '') return [];
    const chunks: Chunk[] = [];
    if (block !== 'thinking') {
      chunks.push(...endLines(), { stream: thinkingStream, text: c.dim('∴ ') });
      block = 'thinking';
      mid[thinkingStream] = true;
    }
    // Trailing line breaks wait for more thinking, so the block never ends on an empty indented line.
    const safe = sanitize(text);
    const body = safe.replace(/\n+$/, '');
    const trailing = safe.length - body.length;
    if (body !== '') {
      chunks.push({ stream: thinkingStream, text: c.dim(`${'\n'.repeat(breaks)}${body}`.replace(/\n/g, '\n  ')) });
      breaks = 0;
    }
    breaks += trailing;
    return chunks;
  };

  /** A subagent's event: its tool calls nested under the call the thread runs for; the rest unseen. */
  const threaded = (event: SessionEvent & { threadId: string }): Chunk[] => {
    if (!options.toolLines) return [];
    const parent = threads.get(event.threadId);
    let text: string | undefined;
    if (event.type === 'tool_call_started') text = sanitize(event.summary, { multiline: false });
    else if (event.type === 'tool_call_finished' && event.isError)
      text = `${sanitize(event.name, { multiline: false })} failed: ${sanitize(event.display.split('\n')[0] ?? '', { multiline: false })}`;
    else if (event.type === 'notice' || event.type === 'error') text = sanitize(event.message, { multiline: false });
    if (text === undefined) return [];
    const nested = line(toolStream, `${SUBAGENT_INDENT}${c.dim(`↳ ${text}`)}`);
    // The parent call stays the last call drawn: its result follows without its call line again.
    if (parent !== undefined && calls.has(parent)) lastCall = parent;
    return nested;
  };

  return (event) => {
    if (event.type === 'thread_start') {
      threads.set(event.threadId, event.parentCallId);
      return [];
    }
    if (event.threadId !== undefined && event.type !== 'approval_requested' && event.type !== 'approval_resolved')
      return event.type === 'usage' || event.type === 'retry'
        ? []
        : threaded(event as SessionEvent & { threadId: string });
    switch (event.type) {
      case 'turn_start':
        lastText = '';
        sawError = false;
        return [];
      case 'thinking_delta':
        return thinking(event.text);
      case 'text_delta': {
        if (!streaming || event.text === '') return [];
        const chunks = block === 'thinking' ? endLines() : [];
        block = 'text';
        if (lines) {
          const ready = lines.push(sanitize(event.text));
          if (ready !== '') chunks.push({ stream: 'out', text: ready });
          return chunks;
        }
        mid.out = !event.text.endsWith('\n');
        chunks.push({ stream: 'out', text: sanitize(event.text) });
        return chunks;
      }
      case 'message_end': {
        // A tool-result message is the agent's, not the model's: its results were drawn as they finished.
        if (event.message.role !== 'assistant') return [];
        const ended = endOfMessage(event);
        // What the API's web tools did in this reply (searches, fetches, the sources its text cites).
        const web = options.toolLines ? webActivityLines(webActivity(event.message)) : [];
        return web.length > 0 ? [...ended, ...line(toolStream, c.dim(sanitize(web.join('\n'))))] : ended;
      }
      case 'tool_call_started': {
        if (!options.toolLines) return [];
        const callLine = toolStartLine(sanitize(event.summary, { multiline: false }), c);
        calls.set(event.callId, callLine);
        const chunks = line(toolStream, callLine);
        lastCall = event.callId;
        return chunks;
      }
      case 'tool_update': {
        const shown = live.push(event.callId, event.text);
        if (shown.length === 0 || !options.toolLines) return [];
        const callLine = calls.get(event.callId);
        const again = callLine !== undefined && lastCall !== event.callId ? line(toolStream, callLine) : [];
        const chunks = [...again, ...line(toolStream, shown.join('\n'))];
        lastCall = event.callId;
        return chunks;
      }
      case 'tool_call_finished': {
        if (!options.toolLines) return [];
        const callLine = calls.get(event.callId);
        const streamed = live.end(event.callId);
        const again = callLine !== undefined && lastCall !== event.callId ? line(toolStream, callLine) : [];
        const result = toolResultLine(
          sanitize(event.display.split('\n')[0] ?? '', { multiline: false }),
          event.isError,
          c,
        );
        // What already streamed is on screen: only the part it held back (and the tail) follows.
        const output = !options.output
          ? []
          : streamed !== undefined
            ? streamed
            : outputLines(event.name, resultText(event.content), options.output, c, options.moreHint);
        if (options.output && event.diff !== undefined && !previewed.has(event.callId))
          output.push(...diffOutputLines(event.diff, options.output, c));
        const chunks = [...again, ...line(toolStream, [result, ...output].join('\n'))];
        lastCall = event.callId;
        return chunks;
      }
      case 'approval_requested':
        if (event.preview) previewed.add(event.callId);
        // The REPL's question follows on a line of its own (and the result then needs its call line again).
        lastCall = undefined;
        return streaming ? endLines() : [];
      case 'approval_resolved':
        if (event.allowed || streaming || !event.message) return [];
        return line('err', c.yellow(`denied: ${sanitize(event.message)}`));
      case 'retry': {
        const partial = event.partialDiscarded ? '; the partial reply above is void' : '';
        return line(
          'err',
          c.dim(
            `retrying in ${formatSeconds(event.delayMs)} (attempt ${event.attempt}/${event.maxAttempts}): ${retryReason(event.reason)}${partial}`,
          ),
        );
      }
      case 'compaction': {
        const skills = event.reattachedSkills.length > 0 ? `; re-attached ${event.reattachedSkills.join(', ')}` : '';
        return line(
          'err',
          c.dim(
            `compacted the conversation: ${event.tokensBefore.toLocaleString('en-US')} -> ${event.tokensAfter.toLocaleString('en-US')} tokens${skills}`,
          ),
        );
      }
      case 'notice':
        if (!options.toolLines) return [];
        return line('err', c.dim(sanitize(event.message)));
      case 'error':
        sawError = true;
        return line('err', c.red(`error: ${sanitize(event.message)}`));
      case 'turn_end': {
        const chunks = endLines();
        if (options.text === 'final' && lastText !== '')
          chunks.push({ stream: 'out', text: outText(lastText.endsWith('\n') ? lastText : `${lastText}\n`) });
        if (event.stopReason === 'aborted')
          chunks.push({ stream: streaming ? 'out' : 'err', text: `${c.yellow('(cancelled)')}\n` });
        if (event.stopReason === 'max_turns')
          chunks.push({ stream: 'err', text: `${c.yellow('stopped: the turn reached --max-turns')}\n` });
        if (event.stopReason === 'refusal' && !sawError)
          chunks.push({ stream: 'err', text: `${c.red(refusalLine(event.stopDetails))}\n` });
        const cut = CUT[event.stopReason];
        const why = event.stopDetails?.explanation;
        if (cut && !options.toolLines)
          chunks.push({
            stream: 'err',
            text: `${c.yellow(why ? `${cut}: ${sanitize(why, { multiline: false })}` : cut)}\n`,
          });
        return chunks;
      }
      default:
        return [];
    }
  };
}
