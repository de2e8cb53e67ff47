/**
 * The REPL's prompt and keys (split from repl.ts): the prompt showing the model and the
 * permission mode, Shift-Tab cycling the mode at the prompt, and Ctrl-C (interrupt the running
 * command, clear the line, or exit when pressed twice).
 */
import { modeIndicator } from '@coding-harness/session';
import type { Session } from '@coding-harness/session';
import type { CliIo } from './io.js';
import { replCommand } from './repl-turn.js';
import type { ReplTerminal } from './repl-terminal.js';

export interface ReplKeys {
  /** The prompt as the next request will use it (/model and /mode change it). */
  promptText: string;
  /** Ctrl-C was pressed once at an empty prompt: the next one exits. */
  armed: boolean;
  /** While the pager runs, Ctrl-C is the pager's (it reaches the whole foreground group). */
  paging: boolean;
  replPrompt(): string;
  /** Stops listening for the process's interrupt signal. */
  offInterrupt(): void;
}

export function replKeys(term: ReplTerminal, s: Session, io: CliIo): ReplKeys {
  const { out, tty, rl, colors, state, input, prompt } = term;
  // The model and the permission-mode indicator, as the next request will use them (/model and /mode change them).
  const replPrompt = (): string => {
    const status = s.status();
    const mode = modeIndicator(status.mode);
    return `${colors.dim(status.model)}${mode ? ` ${colors.yellow(mode)}` : ''} ${colors.cyan('›')} `;
  };
  const keys: ReplKeys = {
    promptText: replPrompt(),
    armed: false,
    paging: false,
    replPrompt,
    offInterrupt: () => undefined,
  };
  /**
   * Shift-Tab at the prompt: the session's next permission mode (default -> acceptEdits -> plan),
   * shown at once in the prompt, the line typed so far kept. Elsewhere (a turn, a question, a
   * continuation line) it does nothing.
   */
  state.cycleMode = (): void => {
    if (state.current || state.closed || rl.getPrompt() !== keys.promptText) return;
    void s.dispatch(replCommand({ type: 'cycle_mode' })).then(() => {
      if (state.current || rl.getPrompt() !== keys.promptText) return;
      keys.promptText = replPrompt();
      rl.setPrompt(keys.promptText);
      rl.prompt(true);
    });
  };
  const interrupt = (): void => {
    if (keys.paging) return;
    if (state.current) {
      state.current.abort();
      return;
    }
    if (tty && (rl.line.length > 0 || input.busy)) {
      input.reset();
      rl.write(null, { ctrl: true, name: 'e' });
      rl.write(null, { ctrl: true, name: 'u' });
      if (rl.getPrompt() !== keys.promptText) {
        out.write('\n');
        prompt(keys.promptText);
      }
      return;
    }
    if (keys.armed || state.closed) {
      rl.close();
      return;
    }
    keys.armed = true;
    out.write(`\n${colors.dim('(press Ctrl-C again to exit, or Ctrl-D)')}\n`);
    prompt(keys.promptText);
  };
  rl.on('SIGINT', interrupt);
  keys.offInterrupt = io.onInterrupt(interrupt);
  return keys;
}
