/**
 * The REPL's prompt loop (split from repl.ts): reads a message at a time, keeps the prompt
 * history, and runs it as a slash command, a skill, or a turn, Ctrl-C and Esc interrupting it.
 */
import { sanitize } from '@coding-harness/session';
import type { HarnessFlags, PromptHistory } from '@coding-harness/session';
import type { CliIo } from './io.js';
import { PASTE_OFF, PASTE_ON } from './line-input.js';
import { replElicitation } from './elicitation-question.js';
import { drawCommand, replCommand } from './repl-turn.js';
import type { TurnDeps } from './repl-turn.js';
import { afterSlash } from './repl-slash.js';
import type { SlashHost } from './repl-slash.js';
import type { ReplKeys } from './repl-keys.js';
import type { OpenedRepl } from './repl-open.js';
import type { ReplTerminal } from './repl-terminal.js';

/** What the loop leaves for the teardown: whether the session has a file to resume. */
export interface LoopEnd {
  /** Set once a turn was sent (the session has a file to resume), or the session was resumed. */
  resumable: boolean;
  quit: boolean;
}

/** What a slash command's result may do to the REPL: the pager, a replay, `/exit`, `/clear`. */
function slashHostOf(term: ReplTerminal, io: CliIo, opened: OpenedRepl, keys: ReplKeys, end: LoopEnd): SlashHost {
  const { out, colors, tty, rl } = term;
  return {
    session: opened.s,
    out,
    err: io.stderr,
    colors,
    env: io.env,
    tty,
    picker: term.pickerIo,
    terminal: {
      // The pager reads the keys and draws on the terminal itself while it runs.
      release: () => {
        keys.paging = true;
        rl.pause();
        io.stdin.setRawMode?.(false);
        out.write(PASTE_OFF);
      },
      restore: () => {
        out.write(PASTE_ON);
        io.stdin.setRawMode?.(true);
        rl.resume();
        keys.paging = false;
      },
    },
    replay: opened.replay,
    quit: () => void (end.quit = true),
    resumable: (on) => void (end.resumable = on),
  };
}

export async function promptLoop(
  flags: HarnessFlags,
  io: CliIo,
  term: ReplTerminal,
  opened: OpenedRepl,
  keys: ReplKeys,
  saved: PromptHistory,
): Promise<LoopEnd> {
  const { out, colors, errColors, tty, state, lines, prompt, prompts, history } = term;
  const { s } = opened;
  const end: LoopEnd = { resumable: s.info.resumed, quit: false };
  let historyWarned = false;
  const deps: TurnDeps = {
    session: s,
    out,
    err: io.stderr,
    colors,
    errColors,
    tty,
    spinner: term.spinner,
    ask: term.ask,
    elicit: replElicitation(term.questionDeps),
    markdown: opened.markdown,
    verbose: flags.verbose,
  };
  /** Runs a command that may take a while (a turn, a slash command): Ctrl-C and Esc interrupt it. */
  const running = async (command: Parameters<typeof drawCommand>[0]) => {
    const controller = new AbortController();
    state.current = controller;
    controller.signal.addEventListener('abort', () => void s.dispatch(replCommand({ type: 'interrupt' })), {
      once: true,
    });
    try {
      return await drawCommand(command, deps);
    } finally {
      state.current = undefined;
    }
  };
  const slashHost = slashHostOf(term, io, opened, keys, end);

  // Once the first prompt is on screen: the API connection's handshakes happen while the user types.
  setImmediate(() => s.preconnect());
  for (;;) {
    if (lines.done) break;
    prompt(keys.promptText);
    const line = await lines.next();
    if (line === null) break;
    keys.armed = false;
    const text = line.trim();
    if (text === '') continue;
    if (prompts[0] !== line) prompts.unshift(line);
    history.splice(0, history.length, ...prompts);
    const unsaved = saved.add(line);
    if (unsaved !== undefined && !historyWarned) {
      historyWarned = true;
      io.stderr.write(`${errColors.yellow(sanitize(unsaved))}\n`);
    }
    const route = s.route(text);
    if (route.kind === 'command') {
      const done = await running(replCommand({ type: 'slash', text }));
      const result = done?.result;
      if (result && !result.ok) io.stderr.write(`${errColors.red(`error: ${sanitize(result.error)}`)}\n`);
      else if (result?.type === 'slash') await afterSlash(slashHost, result.data);
      // `/reload-skills` may have changed the skills: Tab completes the current names.
      state.completions = opened.skillWords();
      keys.promptText = keys.replPrompt();
      if (end.quit) break;
    } else if (route.kind === 'unknown' || route.kind === 'model-only') {
      out.write(`${colors.yellow(sanitize(route.message))}\n`);
    } else {
      end.resumable = true;
      await running(replCommand({ type: 'send', text: route.kind === 'run_skill' ? route.text : line }));
    }
  }
  return end;
}
