/**
 * The per-run copy of a task's fixtures. Paths are stable per task (`<base>/<task>/workroot`),
 * because the work root's path is part of the system prompt: with the same path and a fixed
 * clock, the prompt prefix is byte-identical between runs, so token figures can be compared.
 */
import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from './types.js';

/** The default parent of every task's sandbox: `<os tmpdir>/coding-harness-evals`. */
export function defaultSandboxBase(): string {
  return join(tmpdir(), 'coding-harness-evals');
}

/** Where one run of a task happens; everything lives under `dir`. */
export interface Sandbox {
  dir: string;
  workroot: string;
  /** The copied fixture skills, or undefined when the task has none. */
  skills?: string;
  /** An empty folder passed to discovery as the home directory, so no personal skill is found. */
  home: string;
}

/**
 * Recreates `<base>/<task.name>` from the task's fixtures (anything left by an earlier run is
 * removed first). The sandbox is left in place after the run for inspection; the next run of the
 * same task replaces it.
 */
export function prepareSandbox(task: Task, base: string = defaultSandboxBase()): Sandbox {
  mkdirSync(base, { recursive: true });
  const dir = join(realpathSync(base), task.name);
  rmSync(dir, { recursive: true, force: true });
  const workroot = join(dir, 'workroot');
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  cpSync(task.workrootFixture, workroot, { recursive: true });
  if (task.skillsFixture === undefined) return { dir, workroot, home };
  const skills = join(dir, 'skills');
  cpSync(task.skillsFixture, skills, { recursive: true });
  return { dir, workroot, home, skills };
}

/**
 * Replaces `{{workroot}}`, `{{skills}}` and `{{sandbox}}` in a script or prompt text, so a
 * scripted call can name an absolute path that only exists once the sandbox is made.
 */
export function fillPlaceholders(text: string, sandbox: Sandbox): string {
  return text
    .replaceAll('{{workroot}}', sandbox.workroot)
    .replaceAll('{{skills}}', sandbox.skills ?? '')
    .replaceAll('{{sandbox}}', sandbox.dir);
}
