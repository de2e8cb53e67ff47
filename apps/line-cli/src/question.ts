import type { EventOf } from '@coding-harness/protocol';

/** What an approval question shows of its event. */
export type Question = Pick<EventOf<'approval_requested'>, 'tool' | 'summary' | 'target' | 'preview' | 'alwaysCovers'>;
import type { Colors } from './colors.js';
import { sanitize } from '@coding-harness/session';

/** An approval question as the REPL shows it: lines above, then the one-line prompt read by readline. */
export interface ApprovalPrompt {
  /** The diff, the whole command or target, and what "always" would store; each a full line. */
  lines: string[];
  /** The prompt line itself, ending in a space. */
  question: string;
}

const GUTTER = '  │ ';

/** How many lines of a preview diff the REPL shows above a question (all of them with `--verbose`). */
export const PREVIEW_LINES = 60;

/** A unified diff line coloured by its kind (`+` green, `-` red, hunk headers cyan, the rest dim). */
export function diffLine(text: string, c: Colors): string {
  if (text.startsWith('+++') || text.startsWith('---')) return c.dim(text);
  if (text.startsWith('+')) return c.green(text);
  if (text.startsWith('-')) return c.red(text);
  if (text.startsWith('@@')) return c.cyan(text);
  return c.dim(text);
}

/**
 * What the person answering sees before they answer: the preview diff (coloured; its first
 * `previewLines` lines and a count of the rest, so a 300-line write does not bury the question), then the whole
 * target verbatim when the one-line summary does not already show all of it (every line of a
 * multi-line bash command, behind a `│` gutter, never a `$ ` that would make each line look like
 * a command), then the exact rule an "always" answer stores. Every piece of request text is
 * sanitized, so an ESC or CR in a command is shown as `\x1b` / `\r`, never acted on.
 */
export function approvalPrompt(
  request: Question,
  alwaysRule: string,
  c: Colors,
  previewLines = Infinity,
): ApprovalPrompt {
  // `alwaysRule` is the question's own: exactly what "a" stores, '' for nothing.
  const mark = (escape: string): string => c.inverse(escape);
  const lines: string[] = [];
  if (request.preview) {
    const diff = request.preview.trimEnd().split('\n');
    for (const l of diff.slice(0, previewLines)) lines.push(diffLine(sanitize(l, { multiline: false, mark }), c));
    if (diff.length > previewLines)
      lines.push(c.dim(`  … ${diff.length - previewLines} more lines of the diff (--verbose shows all of it)`));
  }
  const summary = sanitize(request.summary, { multiline: false, mark });
  const target = request.target;
  const targetLines = target === undefined ? [] : target.replace(/\n+$/, '').split('\n');
  const wholeInSummary =
    target !== undefined && targetLines.length === 1 && summary.includes(sanitize(target, { multiline: false, mark }));
  if (target !== undefined && !wholeInSummary)
    for (const l of targetLines) lines.push(`${c.dim(GUTTER)}${sanitize(l, { multiline: false, mark })}`);
  lines.push(
    c.dim(
      alwaysRule === ''
        ? '  [a]lways stores no rule for this call: it allows this one call only'
        : `  [a]lways stores this rule for the session: ${sanitize(alwaysRule, { multiline: false, mark })}${request.alwaysCovers ? ` (${sanitize(request.alwaysCovers, { multiline: false, mark })})` : ''}`,
    ),
  );
  if (alwaysRule !== '')
    lines.push(
      c.dim('  [p]roject stores it for this project too (.claude/settings.local.json): later sessions ask no more'),
    );
  const what =
    wholeInSummary || target === undefined
      ? summary
      : `${sanitize(request.tool, { multiline: false })} (the ${targetLines.length === 1 ? '' : `${targetLines.length}-line `}${request.tool === 'bash' ? 'command' : 'target'} above)`;
  return { lines, question: `${c.yellow('Allow')} ${what}? [y]es / [a]lways / [p]roject / [n]o (message) ` };
}

/** The hint shown when an answer is not one of the choices (the question is then asked again). */
export const ANSWER_HINT =
  'please answer y (yes, once), a (always, this session), p (always, this project), n (no), or n followed by a message for the model';
