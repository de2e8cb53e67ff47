/**
 * The user's editor for a file (`/memory user|project|local|N`), the same in every front end that
 * can hand it the terminal: `$VISUAL`, else `$EDITOR`, else `vi`, run by `/bin/sh -c` so the
 * variable may carry its own flags (`code --wait`). The path goes as `$1`, never into the command
 * text, so a file name cannot become shell syntax.
 */
import type { HarnessEnv } from './config.js';

/** The command line `env` names for an editor. */
export function editorCommand(env: HarnessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** The program and arguments that run `command` on `file`. */
export function editorArgv(command: string, file: string): { file: string; args: string[] } {
  return { file: '/bin/sh', args: ['-c', `${command} "$1"`, 'editor', file] };
}

/**
 * How the editor ended, as a message naming the command (and the fix when it could not run);
 * undefined when it exited 0.
 */
export function editorOutcome(command: string, code: number | null, signal: string | null): string | undefined {
  const named = JSON.stringify(command);
  if (signal !== null) return `the editor ${named} ended by ${signal}`;
  if (code === 127 || code === 126)
    return `could not run the editor ${named} (exit ${code}); set VISUAL or EDITOR to one that works`;
  return code === 0 ? undefined : `the editor ${named} exited ${code}`;
}
