/**
 * How a policy decides one request, in order: a deny rule (certain: deny; unsure: ask, except in
 * plan mode), the mode when it is `plan` or `bypassPermissions`, an ask rule, a call that leaves
 * the sandbox, an allow rule or grant, the sandbox, a read-only command line, then the mode.
 */
import { readOnlyCommandLine } from './bash-match.js';
import { findAllowing, findDenying, targetOf } from './match.js';
import type { ReadingFamily, SourcedRule } from './match.js';
import { ruleDeniedMessage } from './messages.js';
import { modeVerdict } from './modes.js';
import { formatRule } from './rules.js';
import { toolOf } from './tool-table.js';
import type { RuleTool } from './tool-table.js';
import type { ApprovalRequest, Decision, PermissionMode } from './types.js';

/** What deciding reads from the policy, each list read when the step that needs it is reached. */
export interface DecideState {
  readonly tools: readonly RuleTool[];
  readonly root: string | undefined;
  readonly family: ReadingFamily;
  readonly autoAllowSandboxed: boolean;
  mode(): PermissionMode;
  /** Session and turn deny rules. */
  denies(): SourcedRule[];
  asks(): readonly SourcedRule[];
  /** Allow rules and grants in force. */
  allows(): SourcedRule[];
}

/** The decision for `request` under `state` (see the order above). */
export function decideRequest(request: ApprovalRequest, state: DecideState): Decision {
  const { tools, root } = state;
  const mode = state.mode();
  const tool = toolOf(request, tools);
  const denied = findDenying(request, state.denies(), tool, root);
  const origin = denied ? describeOrigin(denied.entry) : '';
  const rule = denied ? `${formatRule(denied.entry.rule)} (${origin})` : '';
  if (denied && denied.unsure === undefined)
    return {
      type: 'deny',
      message: ruleDeniedMessage(request.tool, formatRule(denied.entry.rule), origin),
    };
  if (denied && mode !== 'plan')
    return { type: 'ask', request, reason: `the deny rule ${rule} might match: ${denied.unsure}` };
  if (mode === 'plan' || mode === 'bypassPermissions') return fromVerdict(request, mode);
  const asked = findDenying(request, state.asks(), tool, root);
  if (asked) return { type: 'ask', request, reason: `the ask rule ${describe(asked.entry)} matches` };
  if (request.escapesSandbox === true) return { type: 'ask', request, reason: 'it asks to run outside the sandbox' };
  const allowing = findAllowing(request, state.allows(), tool, root);
  if (allowing) return { type: 'allow', reason: `allowed by ${allowing.map(describe).join(', ')}` };
  if (request.sandboxed === true && state.autoAllowSandboxed)
    return { type: 'allow', reason: 'it runs inside the sandbox' };
  const target = tool?.specifier === 'command' ? targetOf(request, tool) : undefined;
  if (target !== undefined && !hasReadDenies(state) && readOnlyCommandLine(target))
    return { type: 'allow', reason: 'a read-only command' };
  return fromVerdict(request, mode);
}

/** Read-only commands run without a question only while no deny rule guards reading (a `Read(.env)` must keep asking for any reader). */
function hasReadDenies(state: DecideState): boolean {
  return state
    .denies()
    .some((entry) => state.family.readers.has(entry.rule.tool) || state.family.searchers.has(entry.rule.tool));
}

function fromVerdict(request: ApprovalRequest, mode: PermissionMode): Decision {
  const verdict = modeVerdict(mode, request);
  if (verdict.type === 'ask') return { type: 'ask', request };
  return verdict;
}

function describe(entry: SourcedRule): string {
  return `${formatRule(entry.rule)} (${describeOrigin(entry)})`;
}

/** Where a rule came from, as denials and reasons name it (`skill deploy, this turn`). */
export function describeOrigin(entry: SourcedRule): string {
  return entry.scope === 'turn' ? `${entry.origin}, this turn` : entry.origin;
}
