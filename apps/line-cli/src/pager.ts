/**
 * A whole text in the user's pager (`/expand`): `$PAGER` (run by `/bin/sh -c`, so it may carry
 * its own flags), else `less -R`, reading the text on its stdin and drawing on the terminal
 * itself. While it runs the REPL lets go of the terminal: readline stops reading (the keys are the
 * pager's), raw mode and bracketed paste are turned off; all three come back when it exits.
 */
import { spawn } from 'node:child_process';
import type { HarnessEnv } from '@coding-harness/session';

/** The pager run when `PAGER` is unset or empty. */
export const DEFAULT_PAGER = 'less -R';

/** The command line `env` names for a pager. */
export function pagerCommand(env: HarnessEnv): string {
  const chosen = env.PAGER?.trim();
  return chosen ? chosen : DEFAULT_PAGER;
}

/** What the pager needs of the REPL: to let go of the terminal and to take it back. */
export interface PagerTerminal {
  release(): void;
  restore(): void;
}

/**
 * Runs the pager on `text` and resolves when it exits: undefined when it ran, else a message
 * naming the command and how it failed (the caller then prints the text instead). A pager that
 * quits before reading everything (`q` at the first screen) is not a failure.
 */
export function runPager(text: string, env: HarnessEnv, terminal: PagerTerminal): Promise<string | undefined> {
  const command = pagerCommand(env);
  terminal.release();
  return new Promise((resolve) => {
    let settled = false;
    const done = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      terminal.restore();
      resolve(problem);
    };
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: ['pipe', 'inherit', 'inherit'],
      // The text is UTF-8 whatever the locale says (less would show `●` as <E2><97><8F> without one).
      env: { ...(env as NodeJS.ProcessEnv), LESSCHARSET: env.LESSCHARSET ?? 'utf-8' },
    });
    child.on('error', (err) => done(`could not run the pager ${JSON.stringify(command)}: ${err.message}`));
    // The pager may stop reading early (EPIPE): that is the user leaving it.
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      // 127 and 126: the shell found no such command, or could not run it.
      if (code === 127 || code === 126)
        return done(`could not run the pager ${JSON.stringify(command)} (exit ${code}); set PAGER to one that works`);
      done(
        signal !== null && signal !== 'SIGPIPE' ? `the pager ${JSON.stringify(command)} ended by ${signal}` : undefined,
      );
    });
    child.stdin.end(text.endsWith('\n') ? text : `${text}\n`);
  });
}
