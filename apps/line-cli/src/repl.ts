import { createInterface } from 'node:readline';
import type { SessionInfo } from '@coding-harness/agent';
import {
  buildHarness,
  createPromptHistory,
  HISTORY_LIMIT,
  formatSkillRows,
  modeIndicator,
  noSkillsMessage,
  runSlashCommand,
  sanitize,
  slashWords,
  UsageError,
} from '@coding-harness/session';
import type { Harness, HarnessFlags, SlashContext } from '@coding-harness/session';
import { colorsFor } from './colors.js';
import { DrawGate } from './draw-gate.js';
import type { CliIo } from './io.js';
import { MessageInput, PASTE_OFF, PASTE_ON } from './line-input.js';
import { LineQueue } from './line-queue.js';
import { PREVIEW_LINES } from './question.js';
import { pickResume, pickSession } from './repl-picker.js';
import type { PickerIo } from './repl-picker.js';
import { replQuestions } from './repl-questions.js';
import { drawTurn } from './repl-turn.js';
import { exitLine, replayLines } from './repl-session.js';
import { slashCompleter } from './slash-complete.js';
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
  let harness: Harness | undefined;
  let current: AbortController | undefined;

  // The history Up and Down walk: whole prompts, newest first, put there by the prompt loop (and
  // saved per work root). Readline adds every line it reads to its array (continuation lines,
  // answers to questions); its documented 'history' event lets a listener change the array, so
  // each time it is put back to the prompts. (Readline resets its place in the history only when
  // it adds a line, so its own history stays on.)
  const prompts: string[] = [];
  const history: string[] = [];
  let completions: readonly string[] = [];
  const rl = createInterface({
    input: io.stdin,
    output: out,
    terminal: tty,
    historySize: HISTORY_LIMIT,
    history,
    escapeCodeTimeout: 50,
    // Filled in once the session is built: the table's words and the session's skills.
    completer: slashCompleter(() => completions),
  });
  const lines = new LineQueue();
  let closed = false;
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
  });
  if (tty) out.write(PASTE_ON);
  const prompt = (text: string): void => {
    if (closed) out.write(text);
    else {
      rl.setPrompt(text);
      rl.prompt();
    }
  };

  const gate = new DrawGate();

  const { ask, askTrust } = replQuestions({
    out,
    colors,
    tty,
    previewLines: flags.verbose ? Infinity : PREVIEW_LINES,
    gate,
    spinner,
    prompt,
    lines,
    turn: () => current,
  });

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

  try {
    harness = await buildHarness(wanted, io.env, { ask, askTrust, home: io.home, cwd: io.cwd });
  } catch (err) {
    rl.close();
    if (tty) out.write(PASTE_OFF);
    if (err instanceof UsageError) {
      io.stderr.write(`harness: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const h = harness;
  completions = [...slashWords(), ...h.skills.map((s) => s.name)];
  for (const message of h.startupMessages) io.stderr.write(`${errColors.yellow(sanitize(message))}\n`);
  // Set once a turn was sent (the session has a file to resume), or the session was resumed.
  let resumable = h.agent.resumed;
  out.write(
    `${colors.dim(`harness ${VERSION} · ${sanitize(h.model, { multiline: false })} · ${sanitize(h.workroot, { multiline: false })} · ${h.skills.length} skill${h.skills.length === 1 ? '' : 's'} · session ${sanitize(h.agent.sessionId, { multiline: false })} · /help for commands`)}\n`,
  );
  if (h.agent.resumed) {
    const summarize = (name: string, input: unknown): string => {
      const prepared = h.registry.prepare(name, input, { root: h.workroot });
      return prepared.ok ? prepared.summary : name;
    };
    out.write(`${replayLines(h.agent.messages(), { sessionId: h.agent.sessionId, colors, summarize }).join('\n')}\n`);
  }

  // The model and the permission-mode indicator, as the next request will use them (/model and /mode change them).
  const replPrompt = (): string => {
    const mode = modeIndicator(h.controls.mode());
    return `${colors.dim(h.agent.model)}${mode ? ` ${colors.yellow(mode)}` : ''} ${colors.cyan('›')} `;
  };
  let promptText = replPrompt();
  const saved = createPromptHistory({ env: io.env, home: io.home, workroot: h.workroot });
  prompts.push(...saved.load());
  history.push(...prompts);
  rl.on('history', (lines: string[]) => void lines.splice(0, lines.length, ...prompts));
  let historyWarned = false;
  let armed = false;
  const interrupt = (): void => {
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

  // Markdown on a colour terminal only: piped output and NO_COLOR get the text as the model wrote it.
  const markdown = { on: tty && io.stdout.isTTY === true && !io.env.NO_COLOR };
  const runTurn = async (text: string): Promise<void> => {
    resumable = true;
    const controller = new AbortController();
    current = controller;
    gate.reset();
    const turn = { agent: h.agent, out, err: io.stderr, colors, errColors, tty, spinner, gate, markdown };
    try {
      await drawTurn(text, controller.signal, { ...turn, verbose: flags.verbose });
    } finally {
      current = undefined;
    }
  };

  let quit = false;
  const say = (lines: readonly string[]): void => void out.write(`${lines.map((l) => sanitize(l)).join('\n')}\n`);
  // The REPL's side of the slash-command table: lines go to stdout, the skills are listed as rows.
  const slash: SlashContext = {
    skills: h.skills,
    skillsEnabled: h.skillsEnabled,
    print: say,
    showHelp: (help) =>
      say([
        ...help,
        h.skills.length > 0
          ? `skills: ${h.skills.map((s) => `/${s.name}`).join(' ')}`
          : noSkillsMessage(h.skillsEnabled),
      ]),
    showSkills: () =>
      say(
        h.skills.length > 0 ? formatSkillRows(h.skills, io.stdout.columns ?? 100) : [noSkillsMessage(h.skillsEnabled)],
      ),
    grants: () => h.grants(),
    clear: () => {
      h.agent.clear();
      resumable = false;
      out.write(`${colors.dim(`new conversation (session ${h.agent.sessionId})`)}\n`);
    },
    quit: () => {
      quit = true;
    },
    session: h.controls,
    // `/resume` on a terminal: the picker runs once the command returns (it reads the same input
    // queue). Piped input gets the list printed: lines read ahead would not follow a switch.
    ...(tty
      ? {
          showSessions: (sessions: readonly SessionInfo[]) => {
            offered = sessions;
          },
        }
      : {}),
  };
  let offered: readonly SessionInfo[] | undefined;
  // A session picked with `/resume`: this REPL ends and one on that session starts.
  let switchTo: string | undefined;

  // Once the first prompt is on screen: the API connection's handshakes happen while the user types.
  setImmediate(() => h.preconnect());
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
    const route = h.route(text);
    if (route.kind === 'command') {
      // Ctrl-C cancels a command that waits on the model (/compact) as it cancels a turn.
      const controller = new AbortController();
      current = controller;
      try {
        await runSlashCommand(route.name, { ...slash, skills: h.skills, signal: controller.signal }, route.args);
        // `/reload-skills` may have changed the skills: Tab completes the current names.
        completions = [...slashWords(), ...h.skills.map((s) => s.name)];
      } catch (err) {
        io.stderr.write(`${errColors.red(`error: ${sanitize(err instanceof Error ? err.message : String(err))}`)}\n`);
      } finally {
        current = undefined;
      }
      promptText = replPrompt();
      if (offered) {
        const pick = await pickSession(offered, pickerIo, colors);
        offered = undefined;
        if (pick === null) break;
        if (pick === h.agent.sessionId) out.write(`${colors.dim('that is this session')}\n`);
        else if (pick !== 'new') {
          switchTo = pick;
          break;
        }
        if (pick === 'new') slash.clear();
      }
      if (quit) break;
    } else if (route.kind === 'unknown' || route.kind === 'model-only') {
      out.write(`${colors.yellow(sanitize(route.message))}\n`);
    } else {
      await runTurn(route.kind === 'skill' ? route.text : line);
    }
  }
  offInterrupt();
  if (!closed) rl.close();
  if (tty) out.write(PASTE_OFF);
  // Ctrl-D leaves the cursor after the prompt; piped input ends mid-line too.
  if (!tty || closed) out.write('\n');
  if (resumable) out.write(`${exitLine(h.agent.sessionId, colors)}\n`);
  if (switchTo !== undefined) return runRepl({ ...flags, continue: false, resume: switchTo }, io);
  return 0;
}
