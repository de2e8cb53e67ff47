/**
 * Runs the tool calls of one assistant message: validate, refuse what a tool knows it will
 * refuse (the jail, protected paths, FIFOs, an unread or changed file, an edit that cannot apply)
 * without asking, authorize (asking through the front end when the policy says so), run. Consecutive read-kind calls run concurrently, every other call alone
 * and in order. Every tool_use id gets exactly one tool_result, in call order, whatever happens
 * (a repeated id is run and answered once, and reported with a notice); nothing here throws for
 * a tool's failure. Every result and preview has the context's secrets redacted before it is
 * emitted or returned.
 */
import type { Authorization } from '@coding-harness/approval';
import { createStreamRedactor, redactSecrets } from '@coding-harness/tools';
import type { Tool, ToolContext, ToolErrorCode, ToolRegistry, ToolResult } from '@coding-harness/tools';
import { prepareCall, ruleEntryOf } from '@coding-harness/tools';
import type { ResultPart, ToolCallPart, ToolResultPart } from '@coding-harness/model';
import { textResult } from '@coding-harness/model';
import type { Approvals } from './approvals.js';
import type { AgentEvent } from './events.js';
import type { HookToolCall, TurnContext } from './hooks.js';
import type { HookRunner } from './hook-runner.js';
import type { AgentPolicy } from './policy.js';
import { errorResult } from './transcript.js';
import { MAX_TOOL_INPUT_DEPTH, tooDeepMessage } from './reply-limits.js';
import { authorizeWith, CANCELLED, callAsker, serialize } from './call-approval.js';
import type { Decided, Lock } from './call-approval.js';

export { CANCELLED } from './call-approval.js';

/** The result text of a call whose input `max_tokens` cut off. */
export const TRUNCATED =
  'This tool call was not run: the reply hit the max_tokens limit before its input was complete. Make the call again with a smaller input (for a large file, write it in parts).';

export interface ExecutorDeps {
  registry: ToolRegistry;
  policy: AgentPolicy;
  /** Where questions wait for their answer (`approval_requested` names the request id). */
  approvals: Approvals;
  emit: (event: AgentEvent) => void;
  /** A tool context for this batch (root, skill dirs, read tracker, the turn's signal). */
  context: ToolContext;
  /** The plugins' hooks around each call, and the context they are given. */
  hooks?: { runner: HookRunner; context: TurnContext };
}

export interface ExecuteOptions {
  /** Calls the agent made itself (a `beforeTurn` hook's forced calls: `/slug`, an auto-matched skill). */
  forced?: boolean;
  /** tool_use ids whose input was cut by max_tokens. */
  truncated?: ReadonlySet<string>;
  /** The tool object of a forced call (it runs even when the registry lacks it). */
  tool?: Tool<unknown>;
  /** Tool call ids whose input nested too deeply (replaced by `{}`): answered, never run. */
  tooDeep?: ReadonlySet<string>;
}

/**
 * The calls with each id kept once (its first occurrence). The API requires exactly one
 * tool_result per tool_use id, so a model reply that repeats an id gets its first call run and
 * answered and the repeats reported as a notice, never run twice.
 */
export function uniqueUses(uses: readonly ToolCallPart[], emit: (event: AgentEvent) => void): ToolCallPart[] {
  const seen = new Set<string>();
  const out: ToolCallPart[] = [];
  for (const use of uses) {
    if (seen.has(use.id)) {
      emit({
        type: 'notice',
        message: `The model repeated tool_use id ${use.id} (${use.name}); only its first call was run and answered.`,
      });
      continue;
    }
    seen.add(use.id);
    out.push(use);
  }
  return out;
}

/** Runs the calls and returns their results in call order, one per distinct tool_use id. */
export async function executeToolUses(
  allUses: readonly ToolCallPart[],
  deps: ExecutorDeps,
  opts: ExecuteOptions = {},
): Promise<ToolResultPart[]> {
  const uses = uniqueUses(allUses, deps.emit);
  const results: ToolResultPart[] = [];
  const askLock = serialize();
  let i = 0;
  while (i < uses.length) {
    const batch: ToolCallPart[] = [];
    while (i < uses.length && isRead(deps, uses[i] as ToolCallPart, opts)) batch.push(uses[i++] as ToolCallPart);
    if (batch.length === 0) batch.push(uses[i++] as ToolCallPart);
    results.push(...(await Promise.all(batch.map((use) => runOne(use, deps, opts, askLock)))));
  }
  return results;
}

function isRead(deps: ExecutorDeps, use: ToolCallPart, opts: ExecuteOptions): boolean {
  return !opts.truncated?.has(use.id) && !opts.tooDeep?.has(use.id) && deps.registry.get(use.name)?.kind === 'read';
}

async function runOne(
  use: ToolCallPart,
  deps: ExecutorDeps,
  opts: ExecuteOptions,
  askLock: Lock,
): Promise<ToolResultPart> {
  const { emit, context } = deps;
  const forced = opts.forced ?? false;
  const finish = (raw: ToolResult): ToolResultPart => {
    const result = redacted(raw, context);
    emit({
      type: 'tool_call_finished',
      callId: use.id,
      name: use.name,
      isError: result.isError,
      display: result.display,
      content: result.content,
      ...(result.diff === undefined ? {} : { diff: result.diff }),
    });
    return toPart(use.id, result);
  };
  // A call that never validated is reported as `exec`: nothing of it runs, and nothing claims it only reads.
  const unknownStart = (): void =>
    emit({
      type: 'tool_call_started',
      callId: use.id,
      name: use.name,
      kind: deps.registry.get(use.name)?.kind ?? 'exec',
      input: use.input,
      summary: use.name,
      forced,
    });
  if (opts.truncated?.has(use.id)) {
    unknownStart();
    return finish(failure(TRUNCATED, 'input cut by max_tokens', 'invalid_input'));
  }
  if (opts.tooDeep?.has(use.id)) {
    unknownStart();
    return finish(failure(tooDeepMessage(MAX_TOOL_INPUT_DEPTH), 'input nested too deeply', 'invalid_input'));
  }
  if (context.signal.aborted) return cancelled(use, deps);
  const first = opts.tool
    ? prepareCall(opts.tool, use.input, context)
    : deps.registry.prepare(use.name, use.input, context);
  if (!first.ok) {
    unknownStart();
    return finish(first.result);
  }
  const gate = await beforeCall(first, use, forced, deps);
  const { tool, input, summary, permission } = gate.prepared;
  const decided = gate.decided;
  emit({ type: 'tool_call_started', callId: use.id, name: use.name, kind: tool.kind, input, summary, forced });
  if (gate.stop) return finish(gate.stop);
  const refusal = refuseEarly(tool, input, context);
  if (refusal !== undefined)
    return finish(failure(refusal, `refused: ${refusal.split('\n')[0] ?? ''}`.slice(0, 200), 'failed'));
  let asked = false;
  const ask = callAsker({ use, tool, input, summary, permission }, deps, askLock, () => (asked = true));
  // A tool the registry's table does not list (one resolved late, e.g. an MCP tool of a server
  // still starting) brings its own entry, so its kind and rule group still reach the policy.
  const ruleTool = deps.registry.ruleNames().find((entry) => entry.name === tool.name) ?? ruleEntryOf(tool);
  const request = {
    tool: tool.name,
    kind: tool.kind,
    input,
    summary,
    ...permission,
    ...(ruleTool !== undefined ? { ruleTool } : {}),
  };
  const auth = await authorizeWith(deps.policy, request, ask, decided, () => asked, emit).catch(
    (err: unknown): Authorization => ({
      allowed: false,
      message: `the approval question failed: ${err instanceof Error ? err.message : String(err)}`,
    }),
  );
  if (context.signal.aborted) return finish(failure(CANCELLED, CANCELLED, 'cancelled'));
  // A denial nobody answered (a deny rule, plan mode) says why on the tool line; the user's own "no" does not need to.
  if (!auth.allowed) return finish(failure(auth.message, asked ? 'denied' : deniedDisplay(auth.message), 'denied'));
  let result: ToolResult;
  const live = liveOutput(use.id, context, emit);
  try {
    result = await tool.execute(input, { ...context, callId: use.id }, { onUpdate: live.push });
  } catch (err) {
    result = failure(`${use.name} failed: ${err instanceof Error ? err.message : String(err)}`, 'failed', 'failed');
  }
  if (!context.signal.aborted && deps.hooks && !deps.hooks.runner.empty) {
    const call: HookToolCall = { id: use.id, name: use.name, input, tool, forced };
    result = await deps.hooks.runner.afterToolCall(call, redacted(result, context), deps.hooks.context);
  }
  live.end();
  if (context.signal.aborted)
    result = {
      content: [{ type: 'text', text: CANCELLED }, ...result.content],
      display: CANCELLED,
      isError: true,
      errorCode: 'cancelled',
    };
  return finish(result);
}

type Prepared = Extract<ReturnType<typeof prepareCall>, { ok: true }>;

/**
 * The plugins' `beforeToolCall` hooks on a validated call: the call as it will run (a rewritten
 * input validated again, its summary and permission target computed again), or the result that
 * ends it (blocked: `denied`; a rewrite that does not validate: `invalid_input`).
 */
async function beforeCall(
  prepared: Prepared,
  use: ToolCallPart,
  forced: boolean,
  deps: ExecutorDeps,
): Promise<{ prepared: Prepared; stop?: ToolResult; decided?: Decided }> {
  if (!deps.hooks || deps.hooks.runner.empty) return { prepared };
  let latest = prepared;
  const call: HookToolCall = { id: use.id, name: use.name, input: prepared.input, tool: prepared.tool, forced };
  const gate = await deps.hooks.runner.beforeToolCall(call, deps.hooks.context, (raw) => {
    const again = prepareCall(prepared.tool, raw, deps.context);
    if (!again.ok)
      return { ok: false, message: again.result.content.map((p) => (p.type === 'text' ? p.text : '')).join('') };
    latest = again;
    return { ok: true, input: again.input };
  });
  if ('block' in gate)
    return {
      prepared: latest,
      stop: failure(gate.block, deniedDisplay(gate.block).replace(/^denied/, 'blocked'), 'denied'),
    };
  if ('invalid' in gate)
    return { prepared: latest, stop: failure(gate.invalid, 'invalid input from a hook', 'invalid_input') };
  if (gate.permission === undefined) return { prepared: latest };
  return {
    prepared: latest,
    decided: { permission: gate.permission, ...(gate.reason !== undefined ? { reason: gate.reason } : {}) },
  };
}

/**
 * A running call's output as `tool_update` events, with the context's secrets redacted (a secret
 * split between two pieces too) and the time since the call started.
 */
function liveOutput(
  callId: string,
  context: ToolContext,
  emit: (event: AgentEvent) => void,
): { push: (text: string) => void; end: () => void } {
  const started = performance.now();
  const redactor = createStreamRedactor(context.secrets, context.secretLabels);
  const send = (text: string): void => {
    if (text !== '') emit({ type: 'tool_update', callId, text, elapsedMs: Math.round(performance.now() - started) });
  };
  return { push: (text) => send(redactor.push(text)), end: () => send(redactor.end()) };
}

/** `denied: <the reason's first sentence>`, one line for people (the model gets the whole message). */
export function deniedDisplay(message: string): string {
  const first = (message.split('\n')[0] ?? '').split(/(?<=\.)\s/)[0] ?? '';
  const line = first.length > 160 ? `${first.slice(0, 159)}…` : first;
  return line === '' ? 'denied' : `denied: ${line}`;
}

/** A tool's own refusal before any question (a protected path, a FIFO); a throwing check refuses too. */
function refuseEarly(
  tool: { refuse?: (input: unknown, ctx: ToolContext) => string | undefined; name: string },
  input: unknown,
  context: ToolContext,
): string | undefined {
  if (tool.refuse === undefined) return undefined;
  try {
    return tool.refuse(input, context);
  } catch (err) {
    return `${tool.name} refused the call: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** A failure the executor reports itself (never ran, refused, denied, cancelled). */
function failure(text: string, display: string, errorCode: ToolErrorCode): ToolResult {
  return { content: textResult(text), display, isError: true, errorCode };
}

/**
 * The result with every secret value replaced (its text parts, display and diff). Images and
 * documents are passed as they are: a secret inside base64 data is not searched for.
 */
export function redacted(result: ToolResult, ctx: Pick<ToolContext, 'secrets' | 'secretLabels'>): ToolResult {
  const { secrets, secretLabels } = ctx;
  if (secrets === undefined || secrets.length === 0) return result;
  const redactPart = (part: ResultPart): ResultPart =>
    part.type === 'text' ? { ...part, text: redactSecrets(part.text, secrets, secretLabels) } : part;
  return {
    ...result,
    content: result.content.map(redactPart),
    display: redactSecrets(result.display, secrets, secretLabels),
    ...(result.diff === undefined ? {} : { diff: redactSecrets(result.diff, secrets, secretLabels) }),
  };
}

/** A "cancelled by the user" result for a call that never started. */
export function cancelled(use: ToolCallPart, deps: Pick<ExecutorDeps, 'emit'>): ToolResultPart {
  deps.emit({
    type: 'tool_call_finished',
    callId: use.id,
    name: use.name,
    isError: true,
    display: CANCELLED,
    content: textResult(CANCELLED),
  });
  return errorResult(use.id, CANCELLED);
}

/** A tool's result as a result part, its content parts as the tool gave them. */
function toPart(id: string, result: ToolResult): ToolResultPart {
  return result.isError
    ? { type: 'tool_result', callId: id, content: result.content, isError: true }
    : { type: 'tool_result', callId: id, content: result.content };
}
