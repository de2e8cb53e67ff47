import { appendRegularFile } from '@coding-harness/skills/write-regular';

const marks: [string, number][] = [];

/**
 * Start-up timing, for measuring only: with `HARNESS_TUI_TIMING=<file>` set, `mark` records the ms
 * since the process started (`performance.now()`), and the `first_frame` mark appends all of them
 * to the file as one JSON line. Without the variable it costs one lookup.
 */
export function mark(name: string): void {
  const file = process.env.HARNESS_TUI_TIMING;
  if (!file) return;
  marks.push([name, Math.round(performance.now())]);
  // Only ever appended to a regular file, without blocking (a FIFO nobody reads must not hang
  // the screen); a failure is dropped: these figures are for measuring, never worth a crash.
  if (name === 'first_frame') appendRegularFile(file, `${JSON.stringify(Object.fromEntries(marks))}\n`);
}
