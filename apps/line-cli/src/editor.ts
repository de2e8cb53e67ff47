/**
 * `/memory user|project|local|N` in the REPL: the file in the user's editor (the session's
 * `editorCommand`), with the terminal handed over as the pager gets it (readline paused, raw mode
 * and bracketed paste off) and taken back when it exits.
 */
import { spawn } from 'node:child_process';
import { editorArgv, editorCommand, editorOutcome } from '@coding-harness/session';
import type { HarnessEnv } from '@coding-harness/session';
import type { PagerTerminal } from './pager.js';

/** Runs the editor on `file`; undefined when it exited 0, else a message naming the command and how it ended. */
export function runEditor(file: string, env: HarnessEnv, terminal: PagerTerminal): Promise<string | undefined> {
  const command = editorCommand(env);
  const argv = editorArgv(command, file);
  terminal.release();
  return new Promise((resolve) => {
    let settled = false;
    const done = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      terminal.restore();
      resolve(problem);
    };
    const child = spawn(argv.file, argv.args, { stdio: 'inherit', env: env as NodeJS.ProcessEnv });
    child.on('error', (err) => done(`could not run the editor ${JSON.stringify(command)}: ${err.message}`));
    child.on('close', (code, signal) => done(editorOutcome(command, code, signal)));
  });
}
