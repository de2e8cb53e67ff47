/**
 * Opening the REPL's session (split from repl.ts): the `--resume` picker, the session built with
 * the terminal's questions, its start-up lines and banner, and the replay of a resumed
 * conversation. An exit code instead when the picker is left or a flag is wrong.
 */
import { createSession, sanitize, slashWords, UsageError } from '@coding-harness/session';
import type { HarnessFlags, Session } from '@coding-harness/session';
import { wrapAnsi } from './ansi-wrap.js';
import type { CliIo } from './io.js';
import { PASTE_OFF } from './line-input.js';
import { loadMarkdown } from './markdown.js';
import { pickResume } from './repl-picker.js';
import { replCommand } from './repl-turn.js';
import type { TurnDeps } from './repl-turn.js';
import { replayLines } from './repl-session.js';
import type { ReplTerminal } from './repl-terminal.js';
import { VERSION } from './version.js';

export interface OpenedRepl {
  s: Session;
  /** Tab's words now: the slash table's and the session's skills. */
  skillWords: () => string[];
  markdown: TurnDeps['markdown'];
  /** Draws the conversation of the session now open (after a resume), as the session replays it. */
  replay: () => Promise<void>;
  width: () => number;
}

export async function openReplSession(
  flags: HarnessFlags,
  io: CliIo,
  term: ReplTerminal,
): Promise<OpenedRepl | number> {
  const { out, tty, rl, colors, errColors, askTrust, askMcpServer } = term;
  let wanted = flags;
  if (flags.resume === '') {
    const picked = await pickResume(flags, io, term.pickerIo);
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
      elicitation: true,
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
  term.state.completions = skillWords();
  for (const message of s.info.startupMessages) io.stderr.write(`${errColors.yellow(sanitize(message))}\n`);
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
  return { s, skillWords, markdown, replay, width };
}
