import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';
import { diffLine } from './question.js';

const INDENT = '     ';

/** How many of a command's last output lines are shown under its result (all of them with `--verbose`). */
export const OUTPUT_TAIL = 5;

/** How many lines of an applied diff are shown under an edit's result (all of them with `--verbose`). */
export const DIFF_HEAD = 12;

/** `tail`: the last `OUTPUT_TAIL` lines and a count of the rest; `all`: every line. */
export type OutputMode = 'tail' | 'all';

/** What the count of lines not shown says about seeing them (a live session keeps the whole result for `/expand`). */
export const MORE_HINT = '/expand shows all';

/** `… N more lines`, with `hint` in parentheses when there is one. */
export function moreLines(hidden: number, hint: string, c: Colors): string {
  return `${INDENT}${c.dim(`… ${hidden.toLocaleString('en-US')} more line${hidden === 1 ? '' : 's'}${hint ? ` (${hint})` : ''}`)}`;
}

/**
 * The closing paragraphs the bash tool adds for the model (exit code, timeout, cancel, signal):
 * the front end already says that on the `⎿` line, so they are not shown again as output.
 */
const STATUS_PARAGRAPH =
  /\n\n(?:Exit code -?\d+\.|Command timed out after .*|Command was cancelled.*|Killed by signal .*)$/;

/**
 * Tools whose result content is output a person wants to see (what a command printed, stderr
 * included: the bash tool interleaves both), and how to get it from the content. Tools not listed
 * (reads, searches, edits) show their one-line display only.
 */
const OUTPUT_OF: Readonly<Record<string, (content: string) => string>> = {
  bash: (content) => {
    const body = content.replace(STATUS_PARAGRAPH, '');
    return body === '(no output)' ? '' : body;
  },
};

/**
 * The output lines shown under a tool's `⎿` line: for a tool in the table, what it printed
 * (sanitized, one line each, indented under the result, so a failing command's stderr is on
 * screen); the last `OUTPUT_TAIL` lines after `… N more lines` unless `mode` is `all`. Nothing
 * for other tools or empty output.
 */
export function outputLines(tool: string, content: string, mode: OutputMode, c: Colors, hint = MORE_HINT): string[] {
  const extract = OUTPUT_OF[tool];
  if (!extract) return [];
  const text = extract(content).replace(/\n+$/, '');
  if (text.trim() === '') return [];
  const all = text.split('\n');
  const shown = mode === 'all' || all.length <= OUTPUT_TAIL + 1 ? all : all.slice(-OUTPUT_TAIL);
  const lines: string[] = [];
  const hidden = all.length - shown.length;
  if (hidden > 0) lines.push(moreLines(hidden, hint, c));
  for (const line of shown) lines.push(`${INDENT}${sanitize(line, { multiline: false })}`);
  return lines;
}

/**
 * An applied write's diff under its `⎿` line (an edit that ran without a question is otherwise
 * never seen): the hunks without the `---`/`+++` labels (the call line names the file), coloured
 * by kind (plain with `NO_COLOR`, the `+`/`-` marks stay), sanitized, indented; the first
 * `DIFF_HEAD` lines and `… N more diff lines` unless `mode` is `all`.
 */
export function diffOutputLines(diff: string, mode: OutputMode, c: Colors): string[] {
  const all = diff
    .replace(/\n+$/, '')
    .split('\n')
    .filter((l) => !l.startsWith('--- ') && !l.startsWith('+++ '));
  if (all.length === 0 || (all.length === 1 && all[0] === '')) return [];
  const shown = mode === 'all' || all.length <= DIFF_HEAD + 1 ? all : all.slice(0, DIFF_HEAD);
  const lines = shown.map((l) => `${INDENT}${diffLine(sanitize(l, { multiline: false }), c)}`);
  const hidden = all.length - shown.length;
  if (hidden > 0) lines.push(`${INDENT}${c.dim(`… ${hidden} more diff lines (--verbose shows all)`)}`);
  return lines;
}
