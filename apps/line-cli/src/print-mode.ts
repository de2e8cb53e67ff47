import type { Command, SessionEvent } from '@coding-harness/protocol';
import { colorsFor } from './colors.js';
import type { CliIo } from './io.js';
import { drained } from './io.js';
import { lines, parseUserLine, printPrompt } from './print-input.js';
import { createPartialStream } from './print-json/partial-stream.js';
import { createRunRecord } from './print-json/run-record.js';
import { randomUuid } from './print-json/shapes.js';
import type { ClaudeInitMessage } from './print-json/shapes.js';
import type { TurnOutcome } from '@coding-harness/protocol';
import { createEventRenderer, formatUsageLine } from './render.js';
import { VERSION } from './version.js';
import { createSession, resolveCredentials, UsageError, sanitize } from '@coding-harness/session';
import type { HarnessFlags, Session } from '@coding-harness/session';

/** Exit codes of `harness`. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** The exit code a finished turn deserves, from the session's own verdict: 130 aborted, 1 failed, else 0. */
export function exitCodeFor(outcome: TurnOutcome | undefined, fatalError: boolean): number {
  if (outcome === 'aborted') return EXIT.interrupted;
  if (outcome !== 'completed' || fatalError) return EXIT.failed;
  return EXIT.ok;
}

let commands = 0;
const command = (body: Record<string, unknown> & { type: Command['type'] }): Command =>
  ({ id: `p${++commands}`, ...body }) as Command;

function fail(io: CliIo, err: UsageError): number {
  io.stderr.write(`harness: ${err.message}\n`);
  return EXIT.usage;
}

/** Which credential variable the run uses, for the init line's `apiKeySource`. */
function keySource(env: CliIo['env']): string {
  if (env.ANTHROPIC_API_KEY) return 'ANTHROPIC_API_KEY';
  return env.ANTHROPIC_AUTH_TOKEN ? 'ANTHROPIC_AUTH_TOKEN' : 'none';
}

function initLine(session: Session, flags: HarnessFlags, io: CliIo): ClaudeInitMessage {
  const status = session.status();
  return {
    type: 'system',
    subtype: 'init',
    uuid: randomUuid(),
    session_id: status.sessionId,
    apiKeySource: keySource(io.env),
    cwd: session.info.workroot,
    tools: [...session.info.tools],
    mcp_servers: [],
    model: status.model,
    permissionMode: status.mode,
    slash_commands: session
      .skills()
      .filter((skill) => skill.userInvocable)
      .map((skill) => skill.name),
    output_style: 'default',
    harness_version: VERSION,
  };
}

/** The text to send for one prompt, or the usage error that stops the run before anything is sent. */
function routed(session: Session, prompt: string): string | UsageError {
  const route = session.route(prompt);
  if (route.kind === 'unknown' || route.kind === 'model-only') return new UsageError(route.message);
  if (route.kind === 'command') return new UsageError(`/${route.name} is an interactive command; see harness --help`);
  return route.kind === 'run_skill' ? route.text : prompt;
}

/** One user turn in the chosen output format; resolves to its exit code. */
async function runTurn(
  session: Session,
  text: string,
  flags: HarnessFlags,
  io: CliIo,
  turn: { started: number },
): Promise<number> {
  const format = flags.outputFormat;
  // text: the answer on stdout, the rest on stderr; json and stream-json: the same stderr lines, stdout holds only JSON.
  const render = createEventRenderer({
    colors: colorsFor(io.stderr.isTTY, io.env),
    text: 'final',
    toolLines: flags.verbose && format === 'text',
    // --verbose: every line a command prints, on stderr as it arrives (a CI log keeps it all).
    ...(flags.verbose && format === 'text' ? { output: 'all' as const } : {}),
    rawStdout: io.stdout.isTTY !== true,
  });
  const status = session.status();
  const record = createRunRecord(status.sessionId, status.model);
  const partial =
    flags.includePartialMessages === true && format === 'stream-json'
      ? createPartialStream(status.sessionId, status.model)
      : undefined;
  let stopReason = 'error';
  let outcome: TurnOutcome | undefined;
  let fatal = false;
  let errors = 0;
  let summary = '';
  // A `!command` prompt runs no turn: its output is the answer (stdout to stdout, stderr to stderr).
  const userCommand = { ran: false, ended: '' };
  const onEvent = (event: SessionEvent): void => {
    // The session's state after the turn is the turn_end's to say here: one run, one answer.
    if (event.type === 'status') return;
    if (event.type === 'tool_call_finished') userCommand.ended = event.display;
    if (format === 'events') io.stdout.write(`${JSON.stringify(event)}\n`);
    else if (event.type === 'tool_update' && event.stream !== undefined) {
      if (format === 'text') (event.stream === 'stdout' ? io.stdout : io.stderr).write(event.text);
    } else
      for (const chunk of render(event))
        if (chunk.stream === 'err' || format === 'text')
          (chunk.stream === 'out' ? io.stdout : io.stderr).write(chunk.text);
    if (partial !== undefined) for (const line of partial.add(event)) io.stdout.write(`${JSON.stringify(line)}\n`);
    const messages = record.add(event);
    if (format === 'stream-json') for (const line of messages) io.stdout.write(`${JSON.stringify(line)}\n`);
    if (event.type === 'error') {
      errors += 1;
      fatal ||= event.fatal;
    }
    if (event.type === 'turn_end') {
      stopReason = event.stopReason;
      outcome = event.outcome;
      // Only when shown: the number formatting loads ICU's locale data (~10 ms of a cold start).
      if (format === 'text' && flags.verbose) summary = formatUsageLine(event.usage, event.costUsd);
    }
  };
  for await (const event of session.run(command({ type: 'send', text }))) {
    // Nobody can answer here: the question is answered no, naming what would allow the call next time.
    if (event.type === 'approval_requested')
      void session.dispatch(
        command({ type: 'answer', requestId: event.requestId, answer: { type: 'deny', message: event.allowHint } }),
      );
    // A command result is the protocol's bookkeeping, not part of the turn's output (it ends the stream).
    if (event.type === 'command_result') {
      if (!event.result.ok && event.result.type === 'send' && outcome === undefined) {
        errors += 1;
        io.stderr.write(`harness: ${sanitize(event.result.error)}\n`);
      }
      // No turn ran (a `!command`): the command's own outcome is the run's.
      if (event.result.ok && event.result.type === 'send' && outcome === undefined) {
        userCommand.ran = true;
        outcome = event.result.data.outcome;
        stopReason = event.result.data.stopReason;
      }
      continue;
    }
    onEvent(event);
  }
  const exitCode = exitCodeFor(outcome, fatal);
  if (format === 'json' || format === 'stream-json')
    io.stdout.write(`${JSON.stringify(record.result({ stopReason, exitCode }, Date.now() - turn.started))}\n`);
  if (format === 'text' && flags.verbose && summary !== '') io.stderr.write(`${summary}\n`);
  if (userCommand.ran && exitCode === EXIT.failed)
    io.stderr.write(`harness: the command did not succeed (${sanitize(userCommand.ended, { multiline: false })})\n`);
  else if (
    exitCode === EXIT.failed &&
    format === 'text' &&
    errors === 0 &&
    stopReason !== 'refusal' &&
    stopReason !== 'max_turns'
  )
    io.stderr.write(`harness: the turn ended with ${sanitize(stopReason, { multiline: false })}\n`);
  return exitCode;
}

/** The turns of the run: one prompt, or (`--input-format stream-json`) one per user line on stdin. */
async function* turnTexts(
  session: Session,
  flags: HarnessFlags,
  io: CliIo,
  first: string | undefined,
): AsyncGenerator<string | UsageError> {
  if (first !== undefined) {
    yield routed(session, first);
    return;
  }
  let number = 0;
  for await (const line of lines(io.stdin)) {
    number += 1;
    const text = parseUserLine(line, number);
    yield text instanceof UsageError ? text : routed(session, text);
  }
}

/** Checks what can be checked before the harness is built; the prompt for text input. */
async function input(flags: HarnessFlags, io: CliIo): Promise<string | undefined | UsageError> {
  if (flags.includePartialMessages === true && flags.outputFormat !== 'stream-json')
    return new UsageError('--include-partial-messages needs --output-format stream-json (its stream_event lines)');
  if (flags.inputFormat === 'text') return printPrompt(flags.prompt, io.stdin, (line) => io.stderr.write(`${line}\n`));
  if (flags.outputFormat !== 'stream-json')
    return new UsageError('--input-format stream-json needs --output-format stream-json (one result line per turn)');
  if (flags.prompt !== undefined)
    return new UsageError('--input-format stream-json reads every message from stdin; leave out the PROMPT');
  return undefined;
}

/**
 * `harness -p`: one prompt (the PROMPT argument, piped stdin, or both) or, with
 * `--input-format stream-json`, one turn per user line on stdin; output in the chosen format;
 * an exit code (the first failing turn's, else 0). Never calls process.exit.
 */
export async function runPrint(flags: HarnessFlags, io: CliIo): Promise<number> {
  const started = Date.now();
  const credentials = resolveCredentials(io.env);
  if (credentials instanceof UsageError) return fail(io, credentials);
  const prompt = await input(flags, io);
  if (prompt instanceof UsageError) return fail(io, prompt);

  let session: Session;
  try {
    session = await createSession(flags, io.env, { home: io.home, cwd: io.cwd });
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err);
    throw err;
  }
  try {
    return await runTurns(session, flags, io, prompt, started);
  } finally {
    await session.close();
  }
}

/** The turns of a built session, until the input ends, a turn is interrupted or a prompt is refused. */
async function runTurns(
  session: Session,
  flags: HarnessFlags,
  io: CliIo,
  prompt: string | undefined,
  started: number,
): Promise<number> {
  const texts = turnTexts(session, flags, io, prompt);
  // A text prompt is checked before anything is printed: a typo sends nothing and prints no init line.
  const firstText = await texts.next();
  if (firstText.value instanceof UsageError) return fail(io, firstText.value);
  for (const message of session.info.startupMessages) io.stderr.write(`${sanitize(message)}\n`);
  if (flags.outputFormat === 'stream-json') io.stdout.write(`${JSON.stringify(initLine(session, flags, io))}\n`);

  const controller = new AbortController();
  let interrupts = 0;
  const off = io.onInterrupt(() => {
    interrupts += 1;
    controller.abort();
    void session.dispatch(command({ type: 'interrupt' }));
    if (interrupts > 1) io.stderr.write('harness: interrupted again; exiting without waiting\n');
  });
  let exitCode: number = EXIT.ok;
  try {
    let next = firstText;
    let turnStarted = started;
    while (next.done !== true && !controller.signal.aborted) {
      if (next.value instanceof UsageError) {
        exitCode = fail(io, next.value);
        break;
      }
      const code = await runTurn(session, next.value, flags, io, { started: turnStarted });
      if (exitCode === EXIT.ok) exitCode = code;
      if (code === EXIT.interrupted) break;
      turnStarted = Date.now();
      next = await texts.next();
    }
  } finally {
    off();
  }
  await drained(io.stdout);
  return controller.signal.aborted ? EXIT.interrupted : exitCode;
}
