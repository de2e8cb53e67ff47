/**
 * The folders the file tools may write: the work root, and the session's further writable roots
 * (`--add-dir`, settings' `permissions.additionalDirectories`), each realpath'd once by
 * `createToolContext`. Every write check (the jail, the protected names, the opened file's
 * re-check) asks which of them a path lies under, so an added folder follows the work root's rules.
 */
import { isWithin } from './jail.js';
import type { ToolContext } from './types.js';

/** The writable root `abs` (resolved) lies under: the work root first, else the first added root; undefined: none. */
export function writeRootOf(ctx: Pick<ToolContext, 'root' | 'writeRoots'>, abs: string): string | undefined {
  if (isWithin(abs, ctx.root)) return ctx.root;
  return ctx.writeRoots?.find((r) => isWithin(abs, r));
}
