import type { AgentEvent } from '@coding-harness/agent';
import { colorsFor } from './colors.js';
import type { CliIo } from './io.js';
import { drained } from './io.js';
import { lines, parseUserLine, printPrompt } from './print-input.js';
import { createRunRecord } from './print-json/run-record.js';
import { randomUuid } from './print-json/shapes.js';
import type { ClaudeInitMessage } from './print-json/shapes.js';
import { createEventRenderer, formatUsageLine } from './render.js';
import { VERSION } from './version.js';
import { buildHarness, resolveCredentials, UsageError, nonInteractiveAsk, sanitize } from '@coding-harness/session';
import type { Harness, HarnessFlags } from '@coding-harness/session';

/** Exit codes of `harness`. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** Stop reasons that make a `-p` run a failure (exit 1, `is_error: true`): a script must not read a refusal as an answer. */
const FAILED_STOPS: ReadonlySet<string> = new Set(['error', 'refusal', 'max_turns']);

/** The exit code a finished turn deserves: 130 aborted, 1 error, refusal or turn limit, else 0. */
export function exitCodeFor(stopReason: string, fatalError: boolean): number {
  if (stopReason === 'aborted') return EXIT.interrupted;
  if (FAILED_STOPS.has(stopReason) || fatalError) return EXIT.failed;
  return EXIT.ok;
}

function fail(io: CliIo, err: UsageError): number {
  io.stderr.write(`harness: ${err.message}\n`);
  return EXIT.usage;
}

/** Which credential variable the run uses, for the init line's `apiKeySource`. */
function keySource(env: CliIo['env']): string {
  if (env.ANTHROPIC_API_KEY) return 'ANTHROPIC_API_KEY';
  return env.ANTHROPIC_AUTH_TOKEN ? 'ANTHROPIC_AUTH_TOKEN' : 'none';
}

function initLine(harness: Harness, flags: HarnessFlags, io: CliIo): ClaudeInitMessage {
  return {
    type: 'system',
    subtype: 'init',
    uuid: randomUuid(),
    session_id: harness.agent.sessionId,
    apiKeySource: keySource(io.env),
    cwd: harness.workroot,
    tools: harness.registry.tools.map((tool) => tool.name),
    mcp_servers: [],
    model: harness.model,
    permissionMode: flags.permissionMode,
    slash_commands: harness.skills.filter((skill) => skill.userInvocable).map((skill) => skill.name),
    output_style: 'default',
    harness_version: VERSION,
  };
}

/** The text to send for one prompt, or the usage error that stops the run before anything is sent. */
function routed(harness: Harness, prompt: string): string | UsageError {
  const route = harness.route(prompt);
  if (route.kind === 'unknown' || route.kind === 'model-only') return new UsageError(route.message);
  if (route.kind === 'command') return new UsageError(`/${route.name} is an interactive command; see harness --help`);
  return route.kind === 'skill' ? route.text : prompt;
}

/** One user turn in the chosen output format; resolves to its exit code. */
async function runTurn(
  harness: Harness,
  text: string,
  flags: HarnessFlags,
  io: CliIo,
  turn: { started: number; signal: AbortSignal },
): Promise<number> {
  const format = flags.outputFormat;
  // text: the answer on stdout, the rest on stderr; json and stream-json: the same stderr lines, stdout holds only JSON.
  const render = createEventRenderer({
    colors: colorsFor(io.stderr.isTTY, io.env),
    text: 'final',
    toolLines: flags.verbose && format === 'text',
    rawStdout: io.stdout.isTTY !== true,
  });
  const record = createRunRecord(harness.agent, harness.model);
  let stopReason = 'error';
  let fatal = false;
  let errors = 0;
  let summary = '';
  const onEvent = (event: AgentEvent): void => {
    if (format === 'events') io.stdout.write(`${JSON.stringify(event)}\n`);
    else
      for (const chunk of render(event))
        if (chunk.stream === 'err' || format === 'text')
          (chunk.stream === 'out' ? io.stdout : io.stderr).write(chunk.text);
    const messages = record.add(event);
    if (format === 'stream-json') for (const line of messages) io.stdout.write(`${JSON.stringify(line)}\n`);
    if (event.type === 'error') {
      errors += 1;
      fatal ||= event.fatal;
    }
    if (event.type === 'turn_end') {
      stopReason = event.stopReason;
      // Only when shown: the number formatting loads ICU's locale data (~10 ms of a cold start).
      if (format === 'text' && flags.verbose) summary = formatUsageLine(event.usage, event.costUsd);
    }
  };
  for await (const event of harness.agent.send(text, { signal: turn.signal })) onEvent(event);
  if (turn.signal.aborted) stopReason = 'aborted';
  const exitCode = exitCodeFor(stopReason, fatal);
  if (format === 'json' || format === 'stream-json')
    io.stdout.write(`${JSON.stringify(record.result({ stopReason, exitCode }, Date.now() - turn.started))}\n`);
  if (format === 'text' && flags.verbose && summary !== '') io.stderr.write(`${summary}\n`);
  if (
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
  harness: Harness,
  flags: HarnessFlags,
  io: CliIo,
  first: string | undefined,
): AsyncGenerator<string | UsageError> {
  if (first !== undefined) {
    yield routed(harness, first);
    return;
  }
  let number = 0;
  for await (const line of lines(io.stdin)) {
    number += 1;
    const text = parseUserLine(line, number);
    yield text instanceof UsageError ? text : routed(harness, text);
  }
}

/** Checks what can be checked before the harness is built; the prompt for text input. */
async function input(flags: HarnessFlags, io: CliIo): Promise<string | undefined | UsageError> {
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

  let harness: Harness;
  try {
    harness = await buildHarness(flags, io.env, { ask: nonInteractiveAsk, home: io.home, cwd: io.cwd });
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err);
    throw err;
  }
  const texts = turnTexts(harness, flags, io, prompt);
  // A text prompt is checked before anything is printed: a typo sends nothing and prints no init line.
  const firstText = await texts.next();
  if (firstText.value instanceof UsageError) return fail(io, firstText.value);
  for (const message of harness.startupMessages) io.stderr.write(`${sanitize(message)}\n`);
  if (flags.outputFormat === 'stream-json') io.stdout.write(`${JSON.stringify(initLine(harness, flags, io))}\n`);

  const controller = new AbortController();
  let interrupts = 0;
  const off = io.onInterrupt(() => {
    interrupts += 1;
    controller.abort();
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
      const code = await runTurn(harness, next.value, flags, io, { started: turnStarted, signal: controller.signal });
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
