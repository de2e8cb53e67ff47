/**
 * The REPL's terminal (split from repl.ts): readline with the prompt history, Tab completion and
 * message input (paste, continuation lines, Esc, Shift-Tab), the questions a session asks, and
 * the state the prompt loop and the keys share. Nothing here knows the session yet: the session
 * is built after, with the questions this makes.
 */
import { createInterface } from 'node:readline';
import { HISTORY_LIMIT } from '@coding-harness/session';
import type { HarnessFlags, Session } from '@coding-harness/session';
import { colorsFor } from './colors.js';
import type { CliIo } from './io.js';
import { MessageInput, PASTE_ON } from './line-input.js';
import { LineQueue } from './line-queue.js';
import { PREVIEW_LINES } from './question.js';
import type { PickerIo } from './repl-picker.js';
import { replQuestions } from './repl-questions.js';
import { mcpServerAsker } from './mcp-question.js';
import { inputCompleter } from './input-complete.js';
import { Spinner } from './spinner.js';

/** The prompt of a continuation line (after `\` + Enter or Alt-Enter). */
const CONTINUE_PROMPT = '… ';

/** What the terminal, the keys and the prompt loop share while the REPL runs. */
export interface ReplState {
  /** The running command's abort (a turn, a slash command): Ctrl-C and Esc interrupt it. */
  current: AbortController | undefined;
  /** Readline closed (Ctrl-D, the input ended). */
  closed: boolean;
  /** Set once the session is up (Shift-Tab before that does nothing). */
  cycleMode: () => void;
  /** Tab's words: the slash table's and the session's skills (filled in once the session is built). */
  completions: readonly string[];
  /** The work root, once the session knows it: `@path` completion lists under it. */
  where: { workroot?: string; mcp?: Pick<Session, 'mcpCommands' | 'mcpMentions'> };
}

export type ReplTerminal = ReturnType<typeof openReplTerminal>;

export function openReplTerminal(flags: HarnessFlags, io: CliIo) {
  const out = io.stdout;
  const tty = io.stdout.isTTY === true && io.stdin.isTTY === true;
  const colors = colorsFor(io.stdout.isTTY, io.env);
  const errColors = colorsFor(io.stderr.isTTY, io.env);
  const spinner = new Spinner(out, colors.dim);
  const state: ReplState = {
    current: undefined,
    closed: false,
    cycleMode: () => undefined,
    completions: [],
    where: {},
  };

  // The history Up and Down walk: whole prompts, newest first, put there by the prompt loop (and
  // saved per work root). Readline adds every line it reads to its array (continuation lines,
  // answers to questions); its documented 'history' event lets a listener change the array, so
  // each time it is put back to the prompts. (Readline resets its place in the history only when
  // it adds a line, so its own history stays on.)
  const prompts: string[] = [];
  const history: string[] = [];
  const { where } = state;
  const rl = createInterface({
    input: io.stdin,
    output: out,
    terminal: tty,
    historySize: HISTORY_LIMIT,
    history,
    escapeCodeTimeout: 50,
    // Filled in once the session is built: the table's words and the session's skills.
    completer: inputCompleter(
      // MCP servers' prompts arrive as the servers connect: read each time Tab is pressed.
      () => [...state.completions, ...(where.mcp?.mcpCommands?.() ?? []).map((c) => c.name)],
      () => where.workroot,
      (line) => where.mcp?.mcpMentions?.(line) ?? [],
    ),
  });
  const lines = new LineQueue();
  rl.on('close', () => {
    state.closed = true;
    lines.end();
  });
  const input = new MessageInput({
    rl,
    input: io.stdin,
    tty,
    onMessage: (text) => lines.push(text),
    onContinue: () => prompt(CONTINUE_PROMPT),
    onEscape: () => state.current?.abort(),
    onShiftTab: () => state.cycleMode(),
  });
  if (tty) out.write(PASTE_ON);
  const prompt = (text: string): void => {
    if (state.closed) out.write(text);
    else {
      rl.setPrompt(text);
      rl.prompt();
    }
  };

  const questionDeps = {
    out,
    colors,
    tty,
    previewLines: flags.verbose ? Infinity : PREVIEW_LINES,
    spinner,
    prompt,
    lines,
    turn: () => state.current,
  };
  const { ask, askTrust } = replQuestions(questionDeps);
  const askMcpServer = mcpServerAsker(questionDeps);

  // `--resume` without an id: pick one of this work root's sessions first.
  const pickerIo: PickerIo = {
    show: (shown) => void out.write(`${shown.join('\n')}\n`),
    ask: (question) => {
      prompt(question);
      return lines.next();
    },
    hint: (text) => void out.write(`${colors.yellow(text)}\n`),
  };
  return {
    out,
    tty,
    colors,
    errColors,
    spinner,
    state,
    prompts,
    history,
    rl,
    lines,
    input,
    prompt,
    questionDeps,
    ask,
    askTrust,
    askMcpServer,
    pickerIo,
  };
}
