/**
 * The permission mode as people switch it in a session: Shift-Tab in the TUI and `/mode` with no
 * argument cycle through {@link MODE_CYCLE}, and the front ends show {@link modeIndicator} next to
 * the prompt and in the status bar. The words and what each mode means are approval's
 * (`parsePermissionMode`, `MODE_MEANING`): one vocabulary, Claude Code's.
 */
import { parsePermissionMode } from '@coding-harness/approval';
import type { PermissionMode } from '@coding-harness/approval';

/** Shift-Tab and `/mode` with no argument cycle through these; bypassPermissions is chosen at start only. */
export const MODE_CYCLE: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan'];

/**
 * The indicator a front end shows next to the prompt and in the status bar: empty in the default
 * mode (nothing to warn about), else a short label. Plain text: the front end colours it.
 */
export function modeIndicator(mode: PermissionMode): string {
  switch (mode) {
    case 'default':
      return '';
    case 'acceptEdits':
      return '⏵⏵ accept edits';
    case 'plan':
      return '⏸ plan mode';
    case 'bypassPermissions':
      return '⚠ bypass permissions';
  }
}

/** A `/mode` argument as a mode, or an error naming the choices. */
export function parseModeArg(word: string): PermissionMode | { error: string } {
  return (
    parsePermissionMode(word) ?? { error: `unknown mode "${word.trim()}"; /mode takes default, acceptEdits or plan` }
  );
}
