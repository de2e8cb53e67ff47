import { createInterface } from 'node:readline';
import {
  createPromptHistory,
  createSession,
  HISTORY_LIMIT,
  modeIndicator,
  sanitize,
  slashWords,
  UsageError,
} from '@coding-harness/session';
import type { HarnessFlags, Session } from '@coding-harness/session';
import { wrapAnsi } from './ansi-wrap.js';
import { colorsFor } from './colors.js';
import type { CliIo } from './io.js';
import { MessageInput, PASTE_OFF, PASTE_ON } from './line-input.js';
import { LineQueue } from './line-queue.js';
import { PREVIEW_LINES } from './question.js';
import { pickResume } from './repl-picker.js';
import type { PickerIo } from './repl-picker.js';
import { replQuestions } from './repl-questions.js';
import { mcpServerAsker } from './mcp-question.js';
import { loadMarkdown } from './markdown.js';
import { drawCommand, replCommand } from './repl-turn.js';
import type { TurnDeps } from './repl-turn.js';
import { exitLine, replayLines } from './repl-session.js';
import { inputCompleter } from './input-complete.js';
import { afterSlash } from './repl-slash.js';
import type { SlashHost } from './repl-slash.js';
import { Spinner } from './spinner.js';
import { VERSION } from './version.js';

/** The prompt of a continuation line (after `\` + Enter or Alt-Enter). */
const CONTINUE_PROMPT = '… ';

/**
 * The line-based interactive session on node:readline. Thin: routing, rendering and answer
 * parsing are pure functions elsewhere; this file owns the prompt loop, Ctrl-C and the spinner.
 * Returns the exit code (0, or 2 for usage errors found before the first prompt).
 */
export async function runRepl(flags: HarnessFlags, io: CliIo): Promise<number> {
  const out = io.stdout;
  const tty = io.stdout.isTTY === true && io.stdin.isTTY === true;
  const colors = colorsFor(io.stdout.isTTY, io.env);
  const errColors = colorsFor(io.stderr.isTTY, io.env);
  const spinner = new Spinner(out, colors.dim);
  let current: AbortController | undefined;

  // The history Up and Down walk: whole prompts, newest first, put there by the prompt loop (and
  // saved per work root). Readline adds every line it reads to its array (continuation lines,
  // answers to questions); its documented 'history' event lets a listener change the array, so
  // each time it is put back to the prompts. (Readline resets its place in the history only when
  // it adds a line, so its own history stays on.)
  const prompts: string[] = [];
  const history: string[] = [];
  let completions: readonly string[] = [];
  // The work root, once the session knows it: `@path` completion lists under it.
  const where: { workroot?: string } = {};
  const rl = createInterface({
    input: io.stdin,
    output: out,
    terminal: tty,
    historySize: HISTORY_LIMIT,
    history,
    escapeCodeTimeout: 50,
    // Filled in once the session is built: the table's words and the session's skills.
    completer: inputCompleter(
      () => completions,
      () => where.workroot,
    ),
  });
  const lines = new LineQueue();
  let closed = false;
  // Set once the session is up (Shift-Tab before that does nothing).
  let cycleMode = (): void => undefined;
  rl.on('close', () => {
    closed = true;
    lines.end();
  });
  const input = new MessageInput({
    rl,
    input: io.stdin,
    tty,
    onMessage: (text) => lines.push(text),
    onContinue: () => prompt(CONTINUE_PROMPT),
    onEscape: () => current?.abort(),
    onShiftTab: () => cycleMode(),
  });
  if (tty) out.write(PASTE_ON);
  const prompt = (text: string): void => {
    if (closed) out.write(text);
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
    turn: () => current,
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
  let wanted = flags;
  if (flags.resume === '') {
    const picked = await pickResume(flags, io, pickerIo);
    if (picked === null) {
      rl.close();
      if (tty) out.write(PASTE_OFF);
      out.write('\n');
      return 0;
    }
    wanted = picked;
  }

  let session: Session;
  try {
    session = await createSession(wanted, io.env, {
      askTrust,
      askMcpServer,
      home: io.home,
      cwd: io.cwd,
      interactive: true,
    });
  } catch (err) {
    rl.close();
    if (tty) out.write(PASTE_OFF);
    if (err instanceof UsageError) {
      io.stderr.write(`harness: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const s = session;
  const skillWords = (): string[] => [...slashWords(), ...s.skills().map((skill) => skill.name)];
  completions = skillWords();
  for (const message of s.info.startupMessages) io.stderr.write(`${errColors.yellow(sanitize(message))}\n`);
  // Set once a turn was sent (the session has a file to resume), or the session was resumed.
  let resumable = s.info.resumed;
  const started = s.status();
  const width = (): number => Math.max(20, out.columns || 80);
  const banner = colors.dim(
    `harness ${VERSION} · ${sanitize(started.model, { multiline: false })} · ${sanitize(s.info.workroot, { multiline: false })} · ${started.skills} skill${started.skills === 1 ? '' : 's'} · session ${sanitize(started.sessionId, { multiline: false })} · /help for commands`,
  );
  // Wrapped at words on a terminal (a path or an id is never cut in two, unless it is wider than the screen).
  out.write(`${(tty ? wrapAnsi(banner, width()) : [banner]).join('\n')}\n`);
  // On a terminal, text is drawn a line at a time as markdown, wrapped at words (NO_COLOR: the
  // structure without colours); piped output gets the text as the model wrote it.
  const markdown: TurnDeps['markdown'] = { on: tty && io.stdout.isTTY === true };
  /** Draws the conversation of the session now open (after a resume), as the session replays it. */
  const replay = async (): Promise<void> => {
    const history = await s.dispatch(replCommand({ type: 'history' }));
    if (!history.ok || history.type !== 'history') return;
    if (markdown.on) markdown.kit ??= loadMarkdown();
    const lines = replayLines(history.data.events, {
      sessionId: history.data.sessionId,
      colors,
      ...(markdown.on ? { markdown: { ...(markdown.kit ? { kit: markdown.kit } : {}), width } } : {}),
    });
    out.write(`${lines.join('\n')}\n`);
  };
  if (s.info.resumed) await replay();

  // The model and the permission-mode indicator, as the next request will use them (/model and /mode change them).
  const replPrompt = (): string => {
    const status = s.status();
    const mode = modeIndicator(status.mode);
    return `${colors.dim(status.model)}${mode ? ` ${colors.yellow(mode)}` : ''} ${colors.cyan('›')} `;
  };
  let promptText = replPrompt();
  /**
   * Shift-Tab at the prompt: the session's next permission mode (default -> acceptEdits -> plan),
   * shown at once in the prompt, the line typed so far kept. Elsewhere (a turn, a question, a
   * continuation line) it does nothing.
   */
  cycleMode = (): void => {
    if (current || closed || rl.getPrompt() !== promptText) return;
    void s.dispatch(replCommand({ type: 'cycle_mode' })).then(() => {
      if (current || rl.getPrompt() !== promptText) return;
      promptText = replPrompt();
      rl.setPrompt(promptText);
      rl.prompt(true);
    });
  };
  const saved = createPromptHistory({ env: io.env, home: io.home, workroot: s.info.workroot });
  where.workroot = s.info.workroot;
  prompts.push(...saved.load());
  history.push(...prompts);
  rl.on('history', (lines: string[]) => void lines.splice(0, lines.length, ...prompts));
  let historyWarned = false;
  let armed = false;
  // While the pager runs, Ctrl-C is the pager's (it reaches the whole foreground group).
  let paging = false;
  const interrupt = (): void => {
    if (paging) return;
    if (current) {
      current.abort();
      return;
    }
    if (tty && (rl.line.length > 0 || input.busy)) {
      input.reset();
      rl.write(null, { ctrl: true, name: 'e' });
      rl.write(null, { ctrl: true, name: 'u' });
      if (rl.getPrompt() !== promptText) {
        out.write('\n');
        prompt(promptText);
      }
      return;
    }
    if (armed || closed) {
      rl.close();
      return;
    }
    armed = true;
    out.write(`\n${colors.dim('(press Ctrl-C again to exit, or Ctrl-D)')}\n`);
    prompt(promptText);
  };
  rl.on('SIGINT', interrupt);
  const offInterrupt = io.onInterrupt(interrupt);

  const deps: TurnDeps = {
    session: s,
    out,
    err: io.stderr,
    colors,
    errColors,
    tty,
    spinner,
    ask,
    markdown,
    verbose: flags.verbose,
  };
  /** Runs a command that may take a while (a turn, a slash command): Ctrl-C and Esc interrupt it. */
  const running = async (command: Parameters<typeof drawCommand>[0]) => {
    const controller = new AbortController();
    current = controller;
    controller.signal.addEventListener('abort', () => void s.dispatch(replCommand({ type: 'interrupt' })), {
      once: true,
    });
    try {
      return await drawCommand(command, deps);
    } finally {
      current = undefined;
    }
  };
  let quit = false;
  const slashHost: SlashHost = {
    session: s,
    out,
    err: io.stderr,
    colors,
    env: io.env,
    tty,
    picker: pickerIo,
    terminal: {
      // The pager reads the keys and draws on the terminal itself while it runs.
      release: () => {
        paging = true;
        rl.pause();
        io.stdin.setRawMode?.(false);
        out.write(PASTE_OFF);
      },
      restore: () => {
        out.write(PASTE_ON);
        io.stdin.setRawMode?.(true);
        rl.resume();
        paging = false;
      },
    },
    replay,
    quit: () => void (quit = true),
    resumable: (on) => void (resumable = on),
  };

  // Once the first prompt is on screen: the API connection's handshakes happen while the user types.
  setImmediate(() => s.preconnect());
  for (;;) {
    if (lines.done) break;
    prompt(promptText);
    const line = await lines.next();
    if (line === null) break;
    armed = false;
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
      completions = skillWords();
      promptText = replPrompt();
      if (quit) break;
    } else if (route.kind === 'unknown' || route.kind === 'model-only') {
      out.write(`${colors.yellow(sanitize(route.message))}\n`);
    } else {
      resumable = true;
      await running(replCommand({ type: 'send', text: route.kind === 'run_skill' ? route.text : line }));
    }
  }
  offInterrupt();
  if (!closed) rl.close();
  if (tty) out.write(PASTE_OFF);
  // Ctrl-D leaves the cursor after the prompt; piped input ends mid-line too.
  if (!tty || closed) out.write('\n');
  const last = s.status().sessionId;
  await s.close();
  if (resumable) out.write(`${exitLine(last, colors)}\n`);
  return 0;
}
