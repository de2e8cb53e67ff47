import type { ApprovalRequest, PermissionMode } from './types.js';
import { planModeMessage } from './messages.js';

/** Every permission mode, in Claude Code's words and the order help texts list them. */
export const PERMISSION_MODES: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions'];

/**
 * The words that name each mode wherever a person or a file writes one (the flag, `/mode`, a
 * settings file's `defaultMode`): Claude Code's names, and this harness's earlier ones, which
 * scripts may still pass.
 */
const MODE_WORDS: Readonly<Record<string, PermissionMode>> = {
  default: 'default',
  ask: 'default',
  acceptEdits: 'acceptEdits',
  'accept-edits': 'acceptEdits',
  plan: 'plan',
  bypassPermissions: 'bypassPermissions',
  bypass: 'bypassPermissions',
};

/** Every word `parsePermissionMode` takes, canonical names first (for help texts and errors). */
export const PERMISSION_MODE_WORDS: readonly string[] = [
  ...PERMISSION_MODES,
  ...Object.keys(MODE_WORDS).filter((w) => !(PERMISSION_MODES as readonly string[]).includes(w)),
];

/** The mode a word names, or undefined. */
export function parsePermissionMode(word: string): PermissionMode | undefined {
  const w = word.trim();
  return Object.hasOwn(MODE_WORDS, w) ? MODE_WORDS[w] : undefined;
}

/** Whether a string is a mode's canonical name. */
export function isPermissionMode(value: string): value is PermissionMode {
  return (PERMISSION_MODES as readonly string[]).includes(value);
}

/** What each mode does, in one sentence (for `/mode`, `/allowed` and help texts). */
export const MODE_MEANING: Readonly<Record<PermissionMode, string>> = {
  default: 'read-only tools run; edits and commands ask first',
  acceptEdits: 'read-only tools and file edits inside the work root run; commands ask first',
  plan: 'plan mode: read-only tools run; every edit and command is refused (the model is told to plan instead); /mode default to leave',
  bypassPermissions: 'every tool call runs without asking (deny rules still apply)',
};

/** What a mode says about a call on its own, before grants and rules. */
export type ModeVerdict = { type: 'allow'; reason: string } | { type: 'ask' } | { type: 'deny'; message: string };

/**
 * The mode's verdict for a call that no rule or grant decided:
 * - read-kind calls run in every mode;
 * - `plan` denies every write and exec call;
 * - `bypassPermissions` allows everything;
 * - `acceptEdits` allows write-kind calls inside the work root;
 * - everything else asks.
 */
export function modeVerdict(mode: PermissionMode, request: ApprovalRequest): ModeVerdict {
  if (request.kind === 'read') return { type: 'allow', reason: `${request.tool} only reads` };
  if (mode === 'plan') return { type: 'deny', message: planModeMessage(request) };
  if (mode === 'bypassPermissions') return { type: 'allow', reason: 'bypassPermissions mode allows every call' };
  if (mode === 'acceptEdits' && request.kind === 'write' && request.insideRoot === true) {
    return { type: 'allow', reason: 'acceptEdits mode allows file changes inside the work root' };
  }
  return { type: 'ask' };
}
