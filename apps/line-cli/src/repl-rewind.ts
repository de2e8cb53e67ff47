/**
 * `/rewind` in the REPL: the session's list of turns, numbered (1 is the last), then two
 * questions through the same input queue as the `/resume` picker: which turn, and what to put
 * back (files and conversation, or one of them). The answer becomes `/rewind N scope`, run by
 * the session like a typed one. Piped input gets the list printed (lines read ahead would not
 * follow a question).
 */
import type { RewindPoint } from '@coding-harness/protocol';
import type { PickerIo } from './repl-picker.js';

const SCOPES: Record<string, 'both' | 'files' | 'conversation'> = {
  '': 'both',
  b: 'both',
  both: 'both',
  f: 'files',
  files: 'files',
  c: 'conversation',
  conversation: 'conversation',
};

/** The `/rewind N scope` command the user picked, or undefined when they cancelled (or input closed). */
export async function pickRewind(points: readonly RewindPoint[], io: PickerIo): Promise<string | undefined> {
  const max = points.length;
  let n: number | undefined;
  while (n === undefined) {
    const answer = await io.ask(`rewind to before which turn? [1${max > 1 ? `-${max}` : ''}, Enter to cancel] `);
    if (answer === null || answer.trim() === '') return undefined;
    const value = Number(answer.trim());
    if (Number.isInteger(value) && value >= 1 && value <= max) n = value;
    else io.hint(`please answer a number from 1 to ${max}, or Enter to cancel`);
  }
  const point = points.find((p) => p.n === n);
  if (point && !point.conversation) return `/rewind ${n} files`;
  for (;;) {
    const answer = await io.ask('put back what? [b]oth (Enter), [f]iles only, [c]onversation only ');
    if (answer === null) return undefined;
    const scope = SCOPES[answer.trim().toLowerCase()];
    if (scope !== undefined) return `/rewind ${n} ${scope}`;
    io.hint('please answer b, f or c');
  }
}
