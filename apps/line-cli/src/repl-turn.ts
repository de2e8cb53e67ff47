import type { Answer } from '@coding-harness/approval';
import type { Command, ElicitationAnswer, EventOf, SessionEvent } from '@coding-harness/protocol';
import { sanitize } from '@coding-harness/session';
import type { Session } from '@coding-harness/session';
import type { Colors } from './colors.js';
import type { OutStream } from './io.js';
import { loadMarkdown } from './markdown.js';
import type { MarkdownKit } from './markdown.js';
import { createEventRenderer, formatUsageLine } from './render.js';
import type { EventRenderer } from './render.js';
import { retryAdvice } from './retry-advice.js';
import type { Spinner } from './spinner.js';

/** An approval question as the REPL asks it: resolves with the answer (the turn's abort answers no). */
export type AskApproval = (question: EventOf<'approval_requested'>) => Promise<Answer>;

/** An MCP server's question as the REPL asks it (elicitation-question.ts): resolves with the answer. */
export type AskElicitation = (question: EventOf<'elicitation_requested'>) => Promise<ElicitationAnswer>;

/** What one REPL turn draws with. */
export interface TurnDeps {
  session: Pick<Session, 'run' | 'dispatch'>;
  out: OutStream;
  err: OutStream;
  colors: Colors;
  errColors: Colors;
  tty: boolean;
  /** `--verbose`: every line of a command's output. */
  verbose: boolean;
  spinner: Spinner;
  /** Asks a question on the input (the REPL's line queue); called in event order. */
  ask: AskApproval;
  /** Asks an MCP server's question (elicitation) on the input; absent: it is cancelled. */
  elicit?: AskElicitation;
  /** A terminal's line-at-a-time markdown wanted (`on`), and the kit once the session's first text loaded it. */
  markdown: { on: boolean; kit?: MarkdownKit };
}

let ids = 0;
/** A command with a fresh id of the REPL's. */
export function replCommand(body: Record<string, unknown> & { type: Command['type'] }): Command {
  return { id: `repl-${++ids}`, ...body } as Command;
}

/** The renderer of a REPL turn. */
export function replRenderer(d: Pick<TurnDeps, 'colors' | 'verbose' | 'markdown' | 'out'>): EventRenderer {
  const markdown = d.markdown;
  return createEventRenderer({
    colors: d.colors,
    text: 'stream',
    toolLines: true,
    output: d.verbose ? 'all' : 'tail',
    ...(markdown.on
      ? {
          markdown: {
            get kit() {
              return markdown.kit;
            },
            // A pty that reports no size (0 columns) gets the usual 80.
            width: () => Math.max(20, d.out.columns || 80),
          },
        }
      : {}),
  });
}

/**
 * Runs `command` (a user turn, or a slash command that works on the conversation) and draws its
 * events as they come: text (markdown a finished block at a time), `●`/`⎿` lines with a running
 * command's output as it arrives, the spinner (what is waited for, the elapsed time, the turn's
 * tokens, the cancel hint), a retry's countdown and, after the last one, what to try; the usage
 * line at the end. An approval question is asked when its event comes, in order, and answered by
 * its request id. Errors are drawn, never thrown. Returns the command's result event.
 */
export async function drawCommand(command: Command, d: TurnDeps): Promise<EventOf<'command_result'> | undefined> {
  const { out, err, colors, spinner, tty, markdown } = d;
  const render = replRenderer(d);
  // Tokens of the turn: the API's counts once a request ends; while one streams, about one token
  // per 4 characters of its text and thinking on top.
  let tokens = 0;
  let streamed = 0;
  spinner.tokens(0);
  const running = new Map<string, { name: string; since: number }>();
  let lastRetry: EventOf<'retry'> | undefined;
  let result: EventOf<'command_result'> | undefined;
  const draw = (event: SessionEvent): void => {
    // The markdown kit loads when the first text of the session streams in.
    if (event.type === 'text_delta' && markdown.on && !markdown.kit) markdown.kit = loadMarkdown();
    if (event.type === 'usage') {
      const u = event.usage;
      tokens += u.input + u.cacheRead + u.cacheWrite + u.output;
      streamed = 0;
      spinner.tokens(tokens);
    } else if (event.type === 'text_delta' || event.type === 'thinking_delta') {
      streamed += event.text.length;
      spinner.tokens(tokens + Math.round(streamed / 4));
    }
    const chunks = render(event);
    if (tty && event.type === 'request_start') spinner.start();
    // A line (or a block) still open: nothing drawn yet, so the spinner goes on.
    else if (tty && event.type === 'text_delta' && chunks.length === 0) spinner.start('writing');
    else if (chunks.length > 0 || (event.type !== 'usage' && event.type !== 'tool_update' && event.type !== 'status'))
      spinner.stop();
    for (const chunk of chunks) (chunk.stream === 'out' ? out : err).write(chunk.text);
    // Streamed text that ended a line leaves an empty line under it: the spinner (and its cancel
    // hint) goes there until more is drawn. Mid-line there is no room that the next text would
    // not need, so the hint waits for the line's end.
    const wrote = chunks.filter((c) => c.stream === 'out').at(-1);
    if (tty && event.type === 'text_delta' && wrote?.text.endsWith('\n')) spinner.start('writing');
    if (event.type === 'retry') lastRetry = event;
    else if (event.type === 'request_start' || event.type === 'text_delta') lastRetry = undefined;
    // The request failed after its retries: say what to try.
    if (event.type === 'error' && lastRetry)
      err.write(`${d.errColors.yellow(retryAdvice(lastRetry.reason, lastRetry.attempt + 1))}\n`);
    if (event.type === 'tool_call_started' && event.threadId === undefined)
      running.set(event.callId, { name: sanitize(event.name, { multiline: false }), since: Date.now() });
    const call = 'callId' in event ? running.get(event.callId) : undefined;
    // A call's clock runs from its start, across its questions and its output.
    if (tty && call && (event.type === 'tool_call_started' || event.type === 'tool_update'))
      spinner.start(`running ${call.name}`, call.since);
    if (tty && call && event.type === 'approval_resolved' && event.allowed)
      spinner.start(`running ${call.name}`, call.since);
    if (tty && event.type === 'retry')
      spinner.countdown(event.delayMs, `retrying (attempt ${event.attempt}/${event.maxAttempts}) in`);
    // A turn cancelled before any reply used nothing: no line of zeros.
    const used = event.type === 'turn_end' && event.usage.input + event.usage.output + event.usage.cacheRead > 0;
    if (event.type === 'turn_end' && tty && used)
      out.write(`${colors.dim(formatUsageLine(event.usage, event.costUsd))}\n`);
  };
  try {
    for await (const event of d.session.run(command)) {
      if (event.type === 'command_result' && event.commandId === command.id) {
        result = event;
        break;
      }
      draw(event);
      if (event.type === 'approval_requested') {
        spinner.stop();
        const answer = await d.ask(event);
        void d.session.dispatch(replCommand({ type: 'answer', requestId: event.requestId, answer }));
      }
      if (event.type === 'elicitation_requested') {
        spinner.stop();
        const answer = d.elicit ? await d.elicit(event) : { action: 'cancel' as const };
        void d.session.dispatch(replCommand({ type: 'answer_elicitation', requestId: event.requestId, answer }));
      }
    }
  } catch (error) {
    err.write(`${d.errColors.red(`error: ${sanitize(error instanceof Error ? error.message : String(error))}`)}\n`);
  } finally {
    spinner.stop();
  }
  return result;
}
