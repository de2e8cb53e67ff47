import type { AgentEvent, Usage } from '@coding-harness/agent';
import { colorsFor } from './colors.js';
import type { CliIo } from './io.js';
import { drained, readAll } from './io.js';
import { createEventRenderer } from './render.js';
import { buildHarness, resolveCredentials, UsageError, nonInteractiveAsk, sanitize } from '@coding-harness/session';
import type { HarnessFlags } from '@coding-harness/session';

/** Exit codes of `harness`. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** One tool call as `--output-format json` reports it. */
export interface JsonToolCall {
  id: string;
  name: string;
  input: unknown;
  summary: string;
  forced: boolean;
  isError?: boolean;
  display?: string;
}

/** The one object `--output-format json` prints at the end. */
export interface JsonResult {
  type: 'result';
  result: string;
  stopReason: string;
  isError: boolean;
  exitCode: number;
  sessionId: string;
  model: string;
  usage: Usage;
  costUsd: number;
  requests: number;
  toolCalls: JsonToolCall[];
  errors: string[];
  /** With stopReason `refusal`: the API's `stop_details` (category, explanation). */
  stopDetails?: { category: string | null; explanation: string | null };
  durationMs: number;
}

/** Stop reasons that make a `-p` run a failure (exit 1, `isError: true`): a script must not read a refusal as an answer. */
const FAILED_STOPS: ReadonlySet<string> = new Set(['error', 'refusal', 'max_turns']);

/** The exit code a finished turn deserves: 130 aborted, 1 error, refusal or turn limit, else 0. */
export function exitCodeFor(stopReason: string, fatalError: boolean): number {
  if (stopReason === 'aborted') return EXIT.interrupted;
  if (FAILED_STOPS.has(stopReason) || fatalError) return EXIT.failed;
  return EXIT.ok;
}

async function promptFrom(flags: HarnessFlags, io: CliIo): Promise<string | UsageError> {
  if (flags.prompt !== undefined) return flags.prompt;
  if (io.stdin.isTTY)
    return new UsageError('-p needs a prompt: harness -p "PROMPT", or pipe one in: echo PROMPT | harness -p');
  const text = (await readAll(io.stdin)).trim();
  return text === '' ? new UsageError('-p got an empty prompt on stdin') : text;
}

function fail(io: CliIo, err: UsageError): number {
  io.stderr.write(`harness: ${err.message}\n`);
  return EXIT.usage;
}

/** `harness -p`: one prompt, output in the chosen format, an exit code. Never calls process.exit. */
export async function runPrint(flags: HarnessFlags, io: CliIo): Promise<number> {
  const started = Date.now();
  const credentials = resolveCredentials(io.env);
  if (credentials instanceof UsageError) return fail(io, credentials);
  const prompt = await promptFrom(flags, io);
  if (prompt instanceof UsageError) return fail(io, prompt);

  let harness;
  try {
    harness = await buildHarness(flags, io.env, { ask: nonInteractiveAsk, home: io.home, cwd: io.cwd });
  } catch (err) {
    if (err instanceof UsageError) return fail(io, err);
    throw err;
  }
  const route = harness.route(prompt);
  if (route.kind === 'unknown' || route.kind === 'model-only') return fail(io, new UsageError(route.message));
  if (route.kind === 'command')
    return fail(io, new UsageError(`/${route.name} is an interactive command; see harness --help`));
  for (const message of harness.startupMessages) io.stderr.write(`${sanitize(message)}\n`);

  const controller = new AbortController();
  let interrupts = 0;
  const off = io.onInterrupt(() => {
    interrupts += 1;
    controller.abort();
    if (interrupts > 1) io.stderr.write('harness: interrupted again; exiting without waiting\n');
  });
  const colors = colorsFor(io.stderr.isTTY, io.env);
  // text: the answer on stdout, the rest on stderr; json: the same stderr lines, the answer only in the object.
  const render = createEventRenderer({
    colors,
    text: 'final',
    toolLines: flags.verbose && flags.outputFormat === 'text',
    rawStdout: io.stdout.isTTY !== true,
  });
  const toolCalls = new Map<string, JsonToolCall>();
  const errors: string[] = [];
  let finalText = '';
  let stopReason = 'error';
  let fatal = false;
  let usage: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let costUsd = 0;
  let stopDetails: JsonResult['stopDetails'];

  const onEvent = (event: AgentEvent): void => {
    if (flags.outputFormat === 'stream-json') io.stdout.write(`${JSON.stringify(event)}\n`);
    else
      for (const chunk of render(event))
        if (chunk.stream === 'err' || flags.outputFormat === 'text')
          (chunk.stream === 'out' ? io.stdout : io.stderr).write(chunk.text);
    if (event.type === 'tool_call_started')
      toolCalls.set(event.id, {
        id: event.id,
        name: event.name,
        input: event.input,
        summary: event.summary,
        forced: event.forced,
      });
    if (event.type === 'tool_call_finished')
      Object.assign(toolCalls.get(event.id) ?? {}, { isError: event.isError, display: event.display });
    if (event.type === 'assistant_message' && event.text.trim() !== '') finalText = event.text;
    if (event.type === 'error') {
      errors.push(event.message);
      fatal ||= event.fatal;
    }
    if (event.type === 'turn_end') {
      stopReason = event.stopReason;
      usage = event.usage;
      costUsd = event.costUsd;
      stopDetails = event.stopDetails;
    }
  };
  try {
    for await (const event of harness.agent.send(route.kind === 'skill' ? route.text : prompt, {
      signal: controller.signal,
    }))
      onEvent(event);
  } finally {
    off();
  }
  if (controller.signal.aborted) stopReason = 'aborted';
  const exitCode = exitCodeFor(stopReason, fatal);
  if (flags.outputFormat === 'json') {
    const totals = harness.agent.totals();
    const result: JsonResult = {
      type: 'result',
      result: finalText,
      stopReason,
      isError: exitCode !== EXIT.ok,
      exitCode,
      sessionId: harness.agent.sessionId,
      model: harness.model,
      usage,
      costUsd,
      requests: totals.requests,
      toolCalls: [...toolCalls.values()],
      errors,
      ...(stopDetails ? { stopDetails } : {}),
      durationMs: Date.now() - started,
    };
    io.stdout.write(`${JSON.stringify(result)}\n`);
  }
  if (
    exitCode === EXIT.failed &&
    flags.outputFormat === 'text' &&
    errors.length === 0 &&
    stopReason !== 'refusal' &&
    stopReason !== 'max_turns'
  )
    io.stderr.write(`harness: the turn ended with ${sanitize(stopReason, { multiline: false })}\n`);
  await drained(io.stdout);
  return exitCode;
}
