import type { Item } from './view-state.js';

/** Lines of command output shown under a collapsed command (an `exec` call): the last ones, where errors are. */
export const COMMAND_TAIL_LINES = 5;
/** Lines of a diff shown under a collapsed edit: the first ones, where the change starts. */
export const DIFF_HEAD_LINES = 8;
/** Lines of a failure's message shown under any other collapsed tool call (why it was refused). */
export const ERROR_HEAD_LINES = 2;

/** What a collapsed tool result shows beneath its one-line summary. */
export interface Preview {
  lines: string[];
  /** Lines of the result not shown (Ctrl-O shows them all). */
  hidden: number;
  /** `tail`: the hidden lines came before the shown ones (command output); `head`: after (a diff). */
  cut: 'head' | 'tail';
  /** The lines are a unified diff (coloured red/green). */
  diff: boolean;
  /** Word-wrap the lines (a message) rather than cut each to one row (output, a diff). */
  wrap?: boolean;
}

type ToolItem = Extract<Item, { kind: 'tool' }>;

/**
 * The part of a finished tool result shown while it is collapsed, so what a command printed and
 * what an edit changed are on screen without Ctrl-O; keyed on what the call is (its `kind`) and
 * what it returned (a `diff`), never on a tool's name: a command's last lines (its trailing
 * `Exit code N.` left out: the summary says it), a write's diff from its start (the `diff` the
 * result carries, or one in a replayed write's text), and for any other failed call the start of
 * its message (a denial says why). Undefined for other results and for results with nothing to
 * show. `content` is already sanitized (and is the diff when the result has one).
 */
export function collapsedPreview(tool: ToolItem, content: string): Preview | undefined {
  if (tool.callKind === 'exec') return commandTail(content, tool.printedLines);
  if ((tool.diff !== undefined || tool.callKind === 'write') && tool.state !== 'error') return diffHead(content);
  if (tool.state === 'error') return errorHead(content, tool.display);
  return undefined;
}

function errorHead(content: string, display: string): Preview | undefined {
  const lines = content.split('\n');
  if (!content.trim() || content.trim() === display.trim()) return undefined;
  const shown = lines.slice(0, ERROR_HEAD_LINES);
  return { lines: shown, hidden: lines.length - shown.length, cut: 'head', diff: false, wrap: true };
}

/** The output lines of a command's result: its trailing `Exit code N.` left out (the summary says it). */
export function commandOutput(content: string): string[] {
  const lines = content
    .replace(/\n*Exit code -?\d+\.$/, '')
    .replace(/\n+$/, '')
    .split('\n');
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

/** A command's last lines; the count before them is of all it printed (`printed`) when that is more than the model got. */
function commandTail(content: string, printed: number | undefined): Preview | undefined {
  const lines = commandOutput(content);
  if (lines.length === 0) return undefined;
  const shown = lines.slice(-COMMAND_TAIL_LINES);
  return { lines: shown, hidden: Math.max(lines.length, printed ?? 0) - shown.length, cut: 'tail', diff: false };
}

function diffHead(content: string): Preview | undefined {
  const all = content.split('\n');
  const start = all.findIndex((l) => l.startsWith('--- ') || l.startsWith('@@'));
  if (start < 0) return undefined;
  const lines = all.slice(start).filter((l) => !l.startsWith('--- ') && !l.startsWith('+++ '));
  const shown = lines.slice(0, DIFF_HEAD_LINES);
  return { lines: shown, hidden: lines.length - shown.length, cut: 'head', diff: true };
}
