/**
 * `/model` without an argument on a terminal: the catalogue as numbered rows (the current model
 * marked `*`) and one question; a number, an id or an alias (`sonnet`, `opus`, `haiku`) switches,
 * Enter keeps the model. Piped input gets the list printed instead (a line read ahead would not
 * follow a question).
 */
import type { ModelRow } from '@coding-harness/protocol';
import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';
import type { PickerIo } from './repl-picker.js';

const window = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${Math.round(n / 1000)}k`);

/** The numbered rows. */
export function modelPickerLines(rows: readonly ModelRow[], current: string, c: Colors): string[] {
  const width = Math.max(...rows.map((r) => r.id.length));
  return [
    c.dim(`model: ${sanitize(current, { multiline: false })} (the next request)`),
    ...rows.map((r, i) => {
      const efforts = r.efforts.length > 0 ? `effort ${r.efforts.join('/')}` : 'no effort setting';
      const id = sanitize(r.id, { multiline: false }).padEnd(width);
      return `${c.cyan(String(i + 1).padStart(3))} ${r.current ? '*' : ' '} ${id}  ${c.dim(`${window(r.contextWindow).padStart(5)} window, ${efforts}`)}`;
    }),
  ];
}

/** The question under the rows. */
export function modelPickerQuestion(count: number, current: string): string {
  return `switch to which? [1-${count}, an id or sonnet/opus/haiku, Enter keeps ${sanitize(current, { multiline: false })}] `;
}

/**
 * What an answer picks: a listed number's id, or the text itself (an id or an alias, for the
 * session to check); undefined for Enter (keep) and for a number off the list.
 */
export function parseModelPick(answer: string, rows: readonly ModelRow[]): string | undefined | 'bad' {
  const text = answer.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return rows[Number(text) - 1]?.id ?? 'bad';
  return text;
}

/**
 * Shows the rows and asks; resolves with the model to switch to, undefined to keep it, or null
 * when input closed first. A number off the list is asked again.
 */
export async function pickModel(
  rows: readonly ModelRow[],
  current: string,
  io: PickerIo,
  c: Colors,
): Promise<string | undefined | null> {
  io.show(modelPickerLines(rows, current, c));
  for (;;) {
    const answer = await io.ask(modelPickerQuestion(rows.length, current));
    if (answer === null) return null;
    const pick = parseModelPick(answer, rows);
    if (pick !== 'bad') return pick;
    io.hint(`please answer a number from 1 to ${rows.length}, a model id, or Enter to keep ${current}`);
  }
}
