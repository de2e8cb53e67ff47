import type { AgentEvent } from '@coding-harness/agent';
import { sanitize } from '@coding-harness/session';
import type { Harness } from '@coding-harness/session';
import type { Colors } from './colors.js';
import type { DrawGate } from './draw-gate.js';
import type { OutStream } from './io.js';
import { loadMarkdown } from './markdown.js';
import type { MarkdownRender } from './markdown.js';
import { createEventRenderer, formatUsageLine } from './render.js';
import { retryAdvice } from './retry-advice.js';
import type { Spinner } from './spinner.js';

/** What one REPL turn draws with. */
export interface TurnDeps {
  agent: Pick<Harness['agent'], 'send'>;
  out: OutStream;
  err: OutStream;
  colors: Colors;
  errColors: Colors;
  tty: boolean;
  /** `--verbose`: every line of a command's output. */
  verbose: boolean;
  spinner: Spinner;
  /** Told each time an `approval_requested` was drawn, so the question comes after it. */
  gate: DrawGate;
  /** Markdown wanted (`on`), and the renderer once the session's first text loaded it. */
  markdown: { on: boolean; render?: MarkdownRender };
}

/**
 * Sends one user turn and draws its events as they come: text (markdown a finished block at a
 * time), `●`/`⎿` lines with command output, the spinner (what is waited for, the turn's tokens,
 * the cancel hint), a retry's countdown and, after the last one, what to try; the usage line at
 * the end. Errors are drawn, never thrown; `signal` cancels the turn.
 */
export async function drawTurn(text: string, signal: AbortSignal, d: TurnDeps): Promise<void> {
  const { out, err, colors, spinner, tty, markdown } = d;
  const render = createEventRenderer({
    colors,
    text: 'stream',
    toolLines: true,
    output: d.verbose ? 'all' : 'tail',
    markdown,
  });
  // Tokens of the turn: the API's counts once a request ends; while one streams, about one token
  // per 4 characters of its text and thinking on top.
  let tokens = 0;
  let streamed = 0;
  spinner.tokens(0);
  const running = new Map<string, string>();
  let lastRetry: Extract<AgentEvent, { type: 'retry' }> | undefined;
  try {
    for await (const event of d.agent.send(text, { signal })) {
      // The markdown renderer loads when the first text of the session streams in.
      if (event.type === 'text_delta' && markdown.on && !markdown.render)
        markdown.render = loadMarkdown(out.columns ?? 100);
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
      // Markdown held until its block ends: nothing drawn yet, so the spinner goes on.
      else if (tty && event.type === 'text_delta' && chunks.length === 0) spinner.start('writing');
      else if (event.type !== 'usage') spinner.stop();
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
      if (event.type === 'approval_requested') d.gate.drawn();
      if (event.type === 'tool_call_started') running.set(event.id, sanitize(event.name, { multiline: false }));
      if (tty && event.type === 'tool_call_started') spinner.start(`running ${running.get(event.id)}`);
      if (tty && event.type === 'approval_resolved' && event.allowed)
        spinner.start(`running ${running.get(event.id) ?? 'the tool'}`);
      if (tty && event.type === 'retry')
        spinner.countdown(event.delayMs, `retrying (attempt ${event.attempt}/${event.maxAttempts}) in`);
      // A turn cancelled before any reply used nothing: no line of zeros.
      const used = event.type === 'turn_end' && event.usage.input + event.usage.output + event.usage.cacheRead > 0;
      if (event.type === 'turn_end' && tty && used)
        out.write(`${colors.dim(formatUsageLine(event.usage, event.costUsd))}\n`);
    }
  } catch (error) {
    err.write(`${d.errColors.red(`error: ${sanitize(error instanceof Error ? error.message : String(error))}`)}\n`);
  } finally {
    spinner.stop();
  }
}
