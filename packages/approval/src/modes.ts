import type { ApprovalRequest, PermissionMode } from './types.js';
import { planModeMessage } from './messages.js';

/** Every permission mode, in the order help texts list them. */
export const PERMISSION_MODES: readonly PermissionMode[] = ['ask', 'accept-edits', 'bypass', 'plan'];

/** Whether a string (a flag value, a settings field) names a permission mode. */
export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

/** What a mode says about a call on its own, before grants and rules. */
export type ModeVerdict = { type: 'allow'; reason: string } | { type: 'ask' } | { type: 'deny'; message: string };

/**
 * The mode's verdict for a call that no rule or grant decided:
 * - read-kind calls run in every mode;
 * - `plan` denies every write and exec call;
 * - `bypass` allows everything;
 * - `accept-edits` allows write-kind calls inside the work root;
 * - everything else asks.
 */
export function modeVerdict(mode: PermissionMode, request: ApprovalRequest): ModeVerdict {
  if (request.kind === 'read') return { type: 'allow', reason: `${request.tool} only reads` };
  if (mode === 'plan') return { type: 'deny', message: planModeMessage(request) };
  if (mode === 'bypass') return { type: 'allow', reason: 'bypass mode allows every call' };
  if (mode === 'accept-edits' && request.kind === 'write' && request.insideRoot === true) {
    return { type: 'allow', reason: 'accept-edits mode allows file changes inside the work root' };
  }
  return { type: 'ask' };
}
