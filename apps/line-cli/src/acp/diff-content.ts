/**
 * A write's unified diff (the `diff` of `tool_call_finished`, a question's `preview`) as ACP
 * `diff` content, which carries old and new text instead of hunks: each hunk becomes one diff of
 * its own lines (context and removed lines are the old text, context and added lines the new),
 * so an editor shows exactly what the tool computed from the real before and after. A hunk that
 * starts at old line 0 with no old lines is a new file (no old text). A diff that was cut short
 * (`… N more diff lines`) or is not a unified diff at all gives nothing: the caller shows it as
 * text instead, never a half diff.
 */
import type { ToolCallContent } from '@agentclientprotocol/sdk';

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

interface Hunk {
  oldStart: number;
  oldCount: number;
  old: string[];
  new: string[];
}

/** The hunks of a complete unified diff, or undefined when it is cut short or not one. */
function hunksOf(diff: string): Hunk[] | undefined {
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  for (const line of diff.split('\n')) {
    const head = HUNK.exec(line);
    if (head) {
      current = { oldStart: Number(head[1]), oldCount: Number(head[2] ?? '1'), old: [], new: [] };
      hunks.push(current);
      continue;
    }
    if (current === undefined) {
      if (line.startsWith('--- ') || line.startsWith('+++ ')) continue;
      return undefined;
    }
    const op = line[0];
    const text = line.slice(1);
    if (op === ' ') {
      current.old.push(text);
      current.new.push(text);
    } else if (op === '-') current.old.push(text);
    else if (op === '+') current.new.push(text);
    else if (line !== '') return undefined;
  }
  return hunks.length > 0 ? hunks : undefined;
}

/** `diff` content for the file `absPath` from a unified diff, or undefined (see the module comment). */
export function diffContent(absPath: string, diff: string): ToolCallContent[] | undefined {
  const hunks = hunksOf(diff);
  if (hunks === undefined) return undefined;
  return hunks.map((h) => ({
    type: 'diff',
    path: absPath,
    oldText: h.oldStart === 0 && h.oldCount === 0 ? null : `${h.old.join('\n')}\n`,
    newText: h.new.length === 0 ? '' : `${h.new.join('\n')}\n`,
  }));
}
