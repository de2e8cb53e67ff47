import { createSessionStore, defaultSessionDir } from '@coding-harness/agent';
import type { SessionSummary } from '@coding-harness/protocol';
import { listSessions, resolveWorkroot, sanitize, shortTime } from '@coding-harness/session';
import type { HarnessFlags } from '@coding-harness/session';
import { colorsFor } from './colors.js';
import type { Colors } from './colors.js';
import type { CliIo } from './io.js';

/** How many sessions the `--resume` picker lists (most recent first). */
export const PICKER_ROWS = 15;

/** The picker's list: a number, the time it was last used, the first prompt and the id, one per row. */
export function pickerLines(sessions: readonly SessionSummary[], c: Colors): string[] {
  if (sessions.length === 0) return [c.dim('no saved sessions in this work root yet: starting a new one')];
  const rows = sessions.slice(0, PICKER_ROWS).map((s, i) => {
    const title = s.title === '' ? c.dim('(no prompt)') : sanitize(s.title, { multiline: false });
    return `${c.cyan(String(i + 1).padStart(3))}  ${c.dim(shortTime(s.updatedAt))}  ${title}  ${c.dim(sanitize(s.id, { multiline: false }))}`;
  });
  const more = sessions.length > PICKER_ROWS ? [c.dim(`     … ${sessions.length - PICKER_ROWS} older not shown`)] : [];
  return [c.dim('sessions in this work root, most recent first:'), ...rows, ...more];
}

/** The question under the list. */
export function pickerQuestion(count: number): string {
  const shown = Math.min(count, PICKER_ROWS);
  return `resume which? [1${shown > 1 ? `-${shown}` : ''}, Enter for 1, n for a new session] `;
}

/**
 * Reads an answer to the picker: a listed number picks that session, Enter the most recent, `n`
 * a new session. Returns the id, `'new'`, or undefined for anything else (asked again).
 */
export function parsePick(answer: string, sessions: readonly SessionSummary[]): string | 'new' | undefined {
  const text = answer.trim().toLowerCase();
  if (text === 'n' || text === 'new') return 'new';
  if (text === '') return sessions[0]?.id;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= Math.min(sessions.length, PICKER_ROWS) ? sessions[n - 1]?.id : undefined;
}

/** What the picker needs from the REPL: showing lines and reading one answer (null: input closed). */
export interface PickerIo {
  show(lines: readonly string[]): void;
  ask(question: string): Promise<string | null>;
  /** Said when an answer is not one of the choices (then asked again). */
  hint(text: string): void;
}

/**
 * `harness --resume` without an id: lists the work root's sessions and asks which one. Resolves
 * to the chosen id, `'new'` (no sessions, or `n`), or null when input closed before an answer.
 */
export async function pickSession(
  sessions: readonly SessionSummary[],
  io: PickerIo,
  c: Colors,
): Promise<string | 'new' | null> {
  io.show(pickerLines(sessions, c));
  if (sessions.length === 0) return 'new';
  for (;;) {
    const answer = await io.ask(pickerQuestion(sessions.length));
    if (answer === null) return null;
    const pick = parsePick(answer, sessions);
    if (pick !== undefined) return pick;
    io.hint(`please answer a number from the list, Enter for the most recent, or n`);
  }
}

/** The flags with the picked session (or none, for a new one); null when input closed first. */
export async function pickResume(flags: HarnessFlags, io: CliIo, pickerIo: PickerIo): Promise<HarnessFlags | null> {
  const { resume: _none, ...fresh } = flags;
  const workroot = resolveWorkroot(flags.directory, io.cwd);
  // A bad -C is buildHarness's to report.
  if (typeof workroot !== 'string') return fresh;
  const store = createSessionStore({ dir: defaultSessionDir(io.env as NodeJS.ProcessEnv, io.home) });
  const sessions = await listSessions(store, workroot);
  const pick = await pickSession(sessions, pickerIo, colorsFor(io.stdout.isTTY, io.env));
  if (pick === null) return null;
  return pick === 'new' ? fresh : { ...fresh, resume: pick };
}
