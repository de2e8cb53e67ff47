/**
 * `/memory user|project|local|N` in the REPL: the file in the user's editor (`$VISUAL`, else
 * `$EDITOR`, else `vi`), run by `/bin/sh -c` so it may carry its own flags, with the terminal
 * handed over as the pager gets it (readline paused, raw mode and bracketed paste off) and taken
 * back when it exits. The path goes as an argument, never into the command text.
 */
import { spawn } from 'node:child_process';
import type { HarnessEnv } from '@coding-harness/session';
import type { PagerTerminal } from './pager.js';

/** The command line `env` names for an editor. */
export function editorCommand(env: HarnessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/** Runs the editor on `file`; undefined when it exited 0, else a message naming the command and how it ended. */
export function runEditor(file: string, env: HarnessEnv, terminal: PagerTerminal): Promise<string | undefined> {
  const command = editorCommand(env);
  terminal.release();
  return new Promise((resolve) => {
    let settled = false;
    const done = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      terminal.restore();
      resolve(problem);
    };
    const child = spawn('/bin/sh', ['-c', `${command} "$1"`, 'editor', file], {
      stdio: 'inherit',
      env: env as NodeJS.ProcessEnv,
    });
    child.on('error', (err) => done(`could not run the editor ${JSON.stringify(command)}: ${err.message}`));
    child.on('close', (code, signal) => {
      if (signal !== null) return done(`the editor ${JSON.stringify(command)} ended by ${signal}`);
      if (code === 127 || code === 126)
        return done(
          `could not run the editor ${JSON.stringify(command)} (exit ${code}); set VISUAL or EDITOR to one that works`,
        );
      done(code === 0 ? undefined : `the editor ${JSON.stringify(command)} exited ${code}`);
    });
  });
}
