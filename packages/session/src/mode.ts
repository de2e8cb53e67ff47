/**
 * The permission mode as people switch it in a session: `/mode [default|accept-edits|plan]`,
 * Shift-Tab in the TUI (the same cycle), the indicator the front ends show in the prompt and the
 * status bar, and what each mode means in one sentence (for `/mode` and `/allowed`).
 */
import type { PermissionMode } from '@coding-harness/approval';

/** Shift-Tab and `/mode` with no argument cycle through these; bypass is chosen at start only. */
export const MODE_CYCLE: readonly PermissionMode[] = ['ask', 'accept-edits', 'plan'];

/** The word people use for a mode (`ask` is Claude Code's `default`). */
export function modeName(mode: PermissionMode): string {
  return mode === 'ask' ? 'default' : mode;
}

/** What the mode does, in one sentence. */
export const MODE_MEANING: Readonly<Record<PermissionMode, string>> = {
  ask: 'read-only tools run; edits and commands ask first',
  'accept-edits': 'read-only tools and file edits inside the work root run; commands ask first',
  plan: 'plan mode: read-only tools run; every edit and command is refused (the model is told to plan instead); /mode default to leave',
  bypass: 'every tool call runs without asking (deny rules still apply)',
};

/**
 * The indicator a front end shows next to the prompt and in the status bar: empty in the default
 * mode (nothing to warn about), else a short label. Plain text: the front end colours it.
 */
export function modeIndicator(mode: PermissionMode): string {
  switch (mode) {
    case 'ask':
      return '';
    case 'accept-edits':
      return '⏵⏵ accept edits';
    case 'plan':
      return '⏸ plan mode';
    case 'bypass':
      return '⚠ bypass permissions';
  }
}

const WORDS: Readonly<Record<string, PermissionMode>> = {
  default: 'ask',
  ask: 'ask',
  'accept-edits': 'accept-edits',
  acceptEdits: 'accept-edits',
  plan: 'plan',
  bypass: 'bypass',
  bypassPermissions: 'bypass',
};

/** A `/mode` argument as a mode (Claude Code's spellings too), or an error naming the choices. */
export function parseModeArg(word: string): PermissionMode | { error: string } {
  const mode = WORDS[word.trim()];
  return mode ?? { error: `unknown mode "${word.trim()}"; /mode takes default, accept-edits or plan` };
}
