/**
 * How discovery words a root or a linked skill folder it cannot enter: what is wrong (missing, a
 * link to nothing, a link loop, not a folder, unreadable) and how to fix it, as a problem naming
 * the path.
 */
import fs from 'node:fs';
import { errorCode } from './errno.js';
import type { RootSpec } from './roots.js';
import type { SkillIssue } from './types.js';

/**
 * The problem for a root that could not be read (`e` from reading it); undefined when a missing
 * root is fine: a personal or project root that does not exist, or an optional explicit one.
 */
export function unreadableRoot(spec: RootSpec, e: unknown): SkillIssue | undefined {
  const c = errorCode(e);
  let exists = true;
  if (c === 'ENOENT' || c === 'ENOTDIR') {
    try {
      fs.lstatSync(spec.path);
    } catch {
      exists = false;
    }
  }
  if (!exists && (spec.source !== 'explicit' || spec.optional === true)) return undefined;
  const why = !exists
    ? 'does not exist: check the path'
    : c === 'ENOENT'
      ? 'is a symbolic link to nothing: fix or remove the link'
      : c === 'ELOOP'
        ? 'is a symbolic link loop: point the link at a real folder'
        : c === 'ENOTDIR'
          ? 'is not a folder: give a folder of skills or one skill folder'
          : `cannot be read (${c}): check its permissions`;
  return { path: spec.path, message: `skills folder ${why}` };
}

/** The problem for a symbolic link in a root that could not be followed to a skill folder. */
export function brokenSkillLink(at: string, e: unknown): SkillIssue {
  const c = errorCode(e);
  const why =
    c === 'ELOOP'
      ? 'is a symbolic link loop'
      : c === 'ENOENT'
        ? 'is a symbolic link to nothing'
        : `cannot be followed (${c})`;
  return { path: at, message: `skill folder ${why}: point the link at a real skill folder or remove it` };
}
