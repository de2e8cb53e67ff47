/**
 * `/memory user|project|local|N` in the TUI: the file in the user's editor (the session's
 * `editorCommand`). blessed's `screen.spawn` hands the terminal over (normal buffer, raw mode and
 * mouse off, the screen's own writes held) and takes it back when the editor exits; the screen is
 * then drawn whole again.
 */
import { editorArgv, editorCommand, editorOutcome } from '@coding-harness/session';
import type { HarnessEnv } from '@coding-harness/session';
import type { Widgets } from 'blessed';

/** Runs the editor on `file` over `screen`; undefined when it exited 0, else a message naming the command and how it ended. */
export function editOnScreen(screen: Widgets.Screen, file: string, env: HarnessEnv): Promise<string | undefined> {
  const command = editorCommand(env);
  const argv = editorArgv(command, file);
  return new Promise((resolve) => {
    let settled = false;
    const done = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      screen.alloc();
      screen.render();
      resolve(problem);
    };
    const child = screen.spawn(argv.file, argv.args, { env: env as NodeJS.ProcessEnv });
    child.on('error', (err: Error) => done(`could not run the editor ${JSON.stringify(command)}: ${err.message}`));
    child.on('close', (code: number | null, signal: string | null) => done(editorOutcome(command, code, signal)));
  });
}
