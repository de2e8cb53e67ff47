/**
 * What one hook's run means, by Claude Code's rules. Exit 0: stdout is JSON output when it is a
 * JSON object, else plain text (context for UserPromptSubmit and SessionStart, nothing
 * otherwise). Exit 2: a block whose stderr is fed back (to the model for PreToolUse,
 * PostToolUse, Stop and SubagentStop; to the user for UserPromptSubmit; the other events cannot
 * block, so it is only shown). Any other exit, a timeout or a start failure: a non-blocking error
 * shown to the user. Then the outcomes of the hooks that ran for one event fold into one.
 */
import type { CommandRun } from './run-command.js';
import type { CommandHook, HookEventName } from './types.js';

/** One event's verdict, folded over its hooks. */
export interface HookOutcome {
  /** The event's blocking feedback (exit 2's stderr, `decision: "block"`'s reason, a deny's reason). */
  block?: string;
  /** PreToolUse's `permissionDecision` (deny beats ask beats allow). */
  permission?: 'allow' | 'deny' | 'ask';
  permissionReason?: string;
  /** PreToolUse's `updatedInput` (the first hook's that gave one). */
  updatedInput?: unknown;
  /** `additionalContext`, and plain stdout where it counts as context. */
  context: string[];
  /** `continue: false`: why processing stops (`stopReason`). */
  stop?: string;
  /** Lines for the user: `systemMessage`, errors, feedback only people see. */
  messages: string[];
}

const EXIT_2_BLOCKS: ReadonlySet<HookEventName> = new Set([
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
]);
const PLAIN_STDOUT_IS_CONTEXT: ReadonlySet<HookEventName> = new Set(['UserPromptSubmit', 'SessionStart']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** How a hook is named in messages: its command's first line, and its source. */
export function hookLabel(hook: CommandHook): string {
  const line = hook.command.split('\n')[0] ?? '';
  return `${hook.event} hook \`${line.length > 80 ? `${line.slice(0, 79)}…` : line}\` (${hook.source})`;
}

/** The outcome of one run of `hook`. */
export function interpretRun(hook: CommandHook, run: CommandRun): HookOutcome {
  const out: HookOutcome = { context: [], messages: [] };
  const label = hookLabel(hook);
  if (run.error !== undefined && run.exitCode === null && !run.timedOut) {
    out.messages.push(`${label} did not run: ${run.error}`);
    return out;
  }
  if (run.timedOut) {
    out.messages.push(`${label} timed out after ${hook.timeoutSec}s and was stopped`);
    return out;
  }
  const stderr = run.stderr.trim();
  if (run.exitCode === 2) {
    const text = stderr !== '' ? stderr : `${label} exited 2 without a message on stderr`;
    if (EXIT_2_BLOCKS.has(hook.event)) out.block = text;
    else out.messages.push(`${label}: ${text}`);
    return out;
  }
  if (run.exitCode !== 0) {
    out.messages.push(`${label} failed (exit ${run.exitCode ?? 'signal'})${stderr !== '' ? `: ${stderr}` : ''}`);
    return out;
  }
  const stdout = run.stdout.trim();
  const json = parseObject(stdout);
  if (json === undefined) {
    if (stdout !== '' && PLAIN_STDOUT_IS_CONTEXT.has(hook.event)) out.context.push(stdout);
    return out;
  }
  readJson(hook.event, json, out);
  return out;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON output's fields, common and the event's own. */
function readJson(event: HookEventName, json: Record<string, unknown>, out: HookOutcome): void {
  if (json['continue'] === false) out.stop = str(json['stopReason']) ?? 'a hook stopped processing';
  const system = str(json['systemMessage']);
  if (system !== undefined) out.messages.push(system);
  const specific = isObject(json['hookSpecificOutput']) ? json['hookSpecificOutput'] : {};
  const context = str(specific['additionalContext']);
  if (context !== undefined) out.context.push(context);
  const decision = json['decision'];
  const reason = str(json['reason']);
  if (event === 'PreToolUse') {
    readPermission(specific, decision, reason, out);
    return;
  }
  if (decision === 'block' && EXIT_2_BLOCKS.has(event))
    out.block = reason ?? `a ${event} hook blocked without a reason`;
}

/** PreToolUse: `permissionDecision` (or the older `decision: approve|block`), its reason, `updatedInput`. */
function readPermission(
  specific: Record<string, unknown>,
  decision: unknown,
  reason: string | undefined,
  out: HookOutcome,
): void {
  const legacy = decision === 'approve' ? 'allow' : decision === 'block' ? 'deny' : undefined;
  const raw = specific['permissionDecision'] ?? legacy;
  if (raw === 'allow' || raw === 'deny' || raw === 'ask') {
    out.permission = raw;
    const why = str(specific['permissionDecisionReason']) ?? reason;
    if (why !== undefined) out.permissionReason = why;
  }
  if (isObject(specific['updatedInput'])) out.updatedInput = specific['updatedInput'];
}

const RANK = { allow: 1, ask: 2, deny: 3 } as const;

/** The outcomes of one event's hooks (in configuration order) as one. */
export function foldOutcomes(outcomes: readonly HookOutcome[]): HookOutcome {
  const out: HookOutcome = { context: [], messages: [] };
  const blocks: string[] = [];
  for (const o of outcomes) {
    if (o.block !== undefined) blocks.push(o.block);
    if (o.permission !== undefined && (out.permission === undefined || RANK[o.permission] > RANK[out.permission])) {
      out.permission = o.permission;
      if (o.permissionReason !== undefined) out.permissionReason = o.permissionReason;
      else delete out.permissionReason;
    }
    if (o.updatedInput !== undefined && out.updatedInput === undefined) out.updatedInput = o.updatedInput;
    if (o.stop !== undefined && out.stop === undefined) out.stop = o.stop;
    out.context.push(...o.context);
    out.messages.push(...o.messages);
  }
  if (blocks.length > 0) out.block = blocks.join('\n');
  return out;
}
