/**
 * What the REPL does with a built-in command's data beyond printing the session's lines for it:
 * `/exit` quits, `/clear` and `/resume` switch conversations, `/resume` and `/model` without an
 * argument ask on a terminal (a numbered list and one question), and `/expand` opens the whole
 * result in the pager. Everything else is `formatSlashResult`'s lines.
 */
import type { SlashResult } from '@coding-harness/protocol';
import { formatSlashResult, resultHeading, sanitize } from '@coding-harness/session';
import type { HarnessEnv, Session } from '@coding-harness/session';
import type { Colors } from './colors.js';
import type { OutStream } from './io.js';
import { runEditor } from './editor.js';
import { runPager } from './pager.js';
import type { PagerTerminal } from './pager.js';
import { pickModel } from './repl-model-picker.js';
import { pickSession } from './repl-picker.js';
import type { PickerIo } from './repl-picker.js';
import { pickRewind } from './repl-rewind.js';
import { replCommand } from './repl-turn.js';

/** The REPL as a command's data may change it. */
export interface SlashHost {
  session: Pick<Session, 'dispatch' | 'status'>;
  out: OutStream;
  err: OutStream;
  colors: Colors;
  env: HarnessEnv;
  /** A terminal on both ends: questions are asked, the pager runs. */
  tty: boolean;
  picker: PickerIo;
  terminal: PagerTerminal;
  /** Draws the conversation of the session now open. */
  replay(): Promise<void>;
  quit(): void;
  /** Whether the exit line offers to resume the session. */
  resumable(on: boolean): void;
}

const say = (host: SlashHost, lines: readonly string[]): void => {
  if (lines.length > 0) host.out.write(`${lines.map((l) => sanitize(l)).join('\n')}\n`);
};

export async function afterSlash(host: SlashHost, result: SlashResult): Promise<void> {
  const { colors, out } = host;
  switch (result.kind) {
    case 'exit':
      return host.quit();
    case 'cleared':
      host.resumable(false);
      out.write(`${colors.dim(`new conversation (session ${sanitize(result.sessionId, { multiline: false })})`)}\n`);
      return;
    case 'resumed':
      host.resumable(true);
      return host.replay();
    case 'sessions':
      // On a terminal the picker reads the same input queue; piped input gets the list printed
      // (lines read ahead would not follow a switch).
      if (!host.tty || result.sessions.length === 0) return say(host, formatSlashResult(result));
      return pickAndResume(host, result);
    case 'models':
      if (!host.tty) return say(host, formatSlashResult(result));
      return pickAndSwitch(host, result);
    case 'result':
      return expand(host, result);
    case 'rewind-points':
      return rewind(host, result);
    case 'memory':
      if (result.edit !== undefined && host.tty) return editMemory(host, result.edit);
      return say(host, formatSlashResult(result, { width: host.out.columns ?? 100 }));
    default:
      return say(host, formatSlashResult(result, { width: host.out.columns ?? 100 }));
  }
}

/** `/memory user|project|local|N` on a terminal: the file in the user's editor, then a line on when it applies. */
async function editMemory(host: SlashHost, file: string): Promise<void> {
  const problem = await runEditor(file, host.env, host.terminal);
  if (problem !== undefined) return void host.err.write(`${host.colors.yellow(sanitize(problem))}\n`);
  host.out.write(
    `${host.colors.dim(`${sanitize(file, { multiline: false })} saved; it applies from the next session`)}\n`,
  );
}

/** `/expand`: the whole result in the pager on a terminal (sanitized: a command's escapes are shown, not run), else printed. */
async function expand(host: SlashHost, result: Extract<SlashResult, { kind: 'result' }>): Promise<void> {
  if (!host.tty) return say(host, formatSlashResult(result));
  const text = sanitize(`${resultHeading(result)}\n${result.text}`);
  const problem = await runPager(text, host.env, host.terminal);
  if (problem === undefined) return;
  host.err.write(`${host.colors.yellow(sanitize(problem))}\n`);
  say(host, formatSlashResult(result));
}

async function pickAndResume(host: SlashHost, result: Extract<SlashResult, { kind: 'sessions' }>): Promise<void> {
  const pick = await pickSession(result.sessions, host.picker, host.colors);
  if (pick === null) return host.quit();
  if (pick === result.current) return void host.out.write(`${host.colors.dim('that is this session')}\n`);
  const next = await host.session.dispatch(
    pick === 'new' ? replCommand({ type: 'clear' }) : replCommand({ type: 'resume', sessionId: pick }),
  );
  if (!next.ok) return say(host, [`/resume: ${next.error}`]);
  if (next.type === 'clear') return afterSlash(host, { kind: 'cleared', sessionId: next.data.sessionId });
  await afterSlash(host, { kind: 'resumed', sessionId: pick });
}

/** `/model` on a terminal: the numbered list, then the switch to the one picked (Enter keeps the model). */
async function pickAndSwitch(host: SlashHost, result: Extract<SlashResult, { kind: 'models' }>): Promise<void> {
  const pick = await pickModel(result.rows, result.current, host.picker, host.colors);
  if (pick === null) return host.quit();
  if (pick === undefined) return void host.out.write(`${host.colors.dim(`model: ${result.current} (kept)`)}\n`);
  const switched = await host.session.dispatch(replCommand({ type: 'set_model', model: pick }));
  if (!switched.ok) return say(host, [`/model: ${switched.error}`]);
  if (switched.type === 'set_model')
    say(host, formatSlashResult({ kind: 'model', model: switched.data.model, previous: switched.data.previous }));
}

/** `/rewind`: the list, then (on a terminal) which turn and what to put back, run as `/rewind N scope`. */
async function rewind(host: SlashHost, result: Extract<SlashResult, { kind: 'rewind-points' }>): Promise<void> {
  say(host, formatSlashResult(result, { width: host.out.columns ?? 100 }));
  if (!host.tty || result.points.length === 0) return;
  const picked = await pickRewind(result.points, host.picker);
  if (picked === undefined) return void host.out.write(`${host.colors.dim('nothing rewound')}\n`);
  const done = await host.session.dispatch(replCommand({ type: 'slash', text: picked }));
  if (!done.ok) return say(host, [`/rewind: ${done.error}`]);
  if (done.type === 'slash') await afterSlash(host, done.data);
}
