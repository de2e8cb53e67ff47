import type { PermissionMode } from '@coding-harness/approval';

/**
 * What Shift-Tab switches to: default (`ask`) → accept-edits → plan → default. `bypass` (only
 * from the flag) goes back to the default, so the cycle never reaches it by a key.
 */
const NEXT: Readonly<Record<PermissionMode, PermissionMode>> = {
  ask: 'accept-edits',
  'accept-edits': 'plan',
  plan: 'ask',
  bypass: 'ask',
};

/** The mode after `mode` in the Shift-Tab cycle; an unknown name starts the cycle again. */
export function nextMode(mode: string): PermissionMode {
  return NEXT[mode as PermissionMode] ?? 'ask';
}
