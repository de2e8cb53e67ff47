import fs from 'node:fs';
import * as z from 'zod/mini';
import { RESULT_DIFF_MAX_LINES, unifiedDiff } from './diff.js';
import { existingOf, filePermission, recordWritten, staleReason, writeRefusal, writeTarget } from './file-guard.js';
import { readsThroughSeam, seamText, seamWrite } from './file-io.js';
import { abortedResult, errorResult, messageOf, okResult } from './result.js';
import { readRegularTextSync } from './safe-open.js';
import { openForWrite, readWhole, writeWhole } from './safe-write.js';
import { PREVIEW_MAX_BYTES } from './write-file.js';
import { defineTool } from './define-tool.js';
import type { Tool } from './types.js';

const schema = z.object({
  path: z.string().register(z.globalRegistry, {
    description: 'File to edit, relative to the work root. Read it with read_file first.',
  }),
  old_string: z.string().register(z.globalRegistry, {
    description: 'Exact text to replace (without the line-number prefix read_file shows).',
  }),
  new_string: z.string().register(z.globalRegistry, { description: 'Replacement text.' }),
  replace_all: z.optional(z.boolean()).register(z.globalRegistry, {
    description: 'Replace every occurrence instead of requiring exactly one. Default false.',
  }),
});
type Input = z.infer<typeof schema>;

/** The edit applied to a text, or why it cannot be. */
export type EditOutcome = { ok: true; after: string; count: number } | { ok: false; error: string };

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n++;
  return n;
}

function usesCrlf(text: string): boolean {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length;
  return crlf > 0 && crlf * 2 >= lf;
}

/**
 * Applies an exact replacement to `before`. In a CRLF file, `\n` in the strings matches CRLF and
 * is written as CRLF; the file's final-newline state is kept. Pure: no I/O.
 */
export function applyEdit(
  before: string,
  shown: string,
  input: Pick<Input, 'old_string' | 'new_string' | 'replace_all'>,
): EditOutcome {
  if (input.old_string === '')
    return {
      ok: false,
      error: `old_string is empty. To create ${shown} use write_file; to edit it give the exact text to replace.`,
    };
  if (input.old_string === input.new_string)
    return { ok: false, error: 'old_string and new_string are identical; nothing would change.' };
  const crlf = usesCrlf(before);
  const eol = (s: string): string => (crlf ? s.replace(/\r?\n/g, '\r\n') : s);
  let oldS = eol(input.old_string);
  let newS = eol(input.new_string);
  let count = countOccurrences(before, oldS);
  if (count === 0 && !crlf && input.old_string.includes('\r\n')) {
    oldS = input.old_string.replace(/\r\n/g, '\n');
    newS = input.new_string.replace(/\r\n/g, '\n');
    count = countOccurrences(before, oldS);
  }
  if (count === 0) {
    return {
      ok: false,
      error: `old_string was not found in ${shown} (0 matches). Read the file again and copy the exact text, including whitespace and indentation.`,
    };
  }
  if (count > 1 && input.replace_all !== true) {
    return {
      ok: false,
      error: `old_string matches ${count} places in ${shown}. Add surrounding lines to make it unique, or set replace_all to true.`,
    };
  }
  let after = input.replace_all === true ? before.split(oldS).join(newS) : before.replace(oldS, () => newS);
  const nl = crlf ? '\r\n' : '\n';
  const hadFinal = before.endsWith('\n');
  if (hadFinal && after !== '' && !after.endsWith('\n')) after += nl;
  if (!hadFinal && before !== '' && after.endsWith('\n')) after = after.slice(0, after.endsWith('\r\n') ? -2 : -1);
  return { ok: true, after, count };
}

/** edit_file: exact string replacement in a file that was read first; returns a diff snippet. */
export const editFileTool: Tool<Input> = defineTool({
  name: 'edit_file',
  description:
    'Replace exact text in a file. old_string must match exactly once unless replace_all is true ' +
    '(include enough surrounding lines to make it unique). The file must have been read with read_file in this session ' +
    'and not changed since. Line endings and the trailing newline are kept. Only paths inside the work root.',
  kind: 'write',
  ruleNames: ['Edit', 'MultiEdit'],
  pathFields: ['path'],
  schema,
  summarize: (input) => `edit_file ${input.path}`,
  permission: (input, ctx) => filePermission(ctx.root, input.path, ctx.writeRoots),
  refuse(input, ctx) {
    const refusal = writeRefusal(ctx, input.path, true);
    if (refusal !== undefined) return refusal;
    // Text read through the seam (an editor's buffer) may differ from the disk's: `run` decides then.
    if (readsThroughSeam(ctx)) return undefined;
    // The file was read and is unchanged: an edit that cannot apply is refused now, not after a question.
    const target = writeTarget(ctx, input.path);
    const before = target.ok ? readRegularTextSync(target.abs, PREVIEW_MAX_BYTES) : undefined;
    if (!target.ok || before === undefined) return undefined;
    const edit = applyEdit(before, target.shown, input);
    return edit.ok ? undefined : edit.error;
  },
  async preview(input, ctx) {
    const target = writeTarget(ctx, input.path);
    if (!target.ok) return undefined;
    const before = (await seamText(ctx, target.abs)) ?? readRegularTextSync(target.abs, PREVIEW_MAX_BYTES);
    if (before === undefined) return undefined;
    const edit = applyEdit(before, target.shown, input);
    return edit.ok ? unifiedDiff(before, edit.after, { fromLabel: target.shown }) : undefined;
  },
  async execute(input, ctx) {
    if (ctx.signal.aborted) return abortedResult('edit_file');
    const target = writeTarget(ctx, input.path);
    if (!target.ok) return errorResult(target.error, undefined, target.code);
    const { abs, shown } = target;
    if (!fs.existsSync(abs))
      return errorResult(`${shown} does not exist. Use write_file to create it.`, undefined, 'not_found');
    const opened = openForWrite(ctx, abs, shown, false);
    if (!opened.ok) return errorResult(opened.error);
    try {
      const stale = staleReason(ctx.readTracker, abs, shown, existingOf(opened.st));
      if (stale !== undefined) return errorResult(stale);
      const before = (await seamText(ctx, abs)) ?? readWhole(opened.fd, opened.st.size).toString('utf8');
      const edit = applyEdit(before, shown, input);
      if (!edit.ok) return errorResult(edit.error);
      const seam = await seamWrite(ctx, abs, edit.after);
      if (seam.via === 'seam' && !seam.ok) return errorResult(`Cannot edit ${shown}: ${seam.error}`);
      if (seam.via === 'none') {
        writeWhole(opened.fd, Buffer.from(edit.after, 'utf8'));
        recordWritten(ctx.readTracker, abs, opened.fd);
      }
      const snippet = unifiedDiff(before, edit.after, { context: 3, maxLines: 60 });
      const what = edit.count === 1 ? '1 occurrence' : `${edit.count} occurrences`;
      const diff = unifiedDiff(before, edit.after, { fromLabel: shown, maxLines: RESULT_DIFF_MAX_LINES });
      return { ...okResult(`Edited ${shown}: replaced ${what}.\n\n${snippet}`, `edited ${shown} (${what})`), diff };
    } catch (err) {
      return errorResult(`Cannot edit ${shown}: ${messageOf(err)}`);
    } finally {
      fs.closeSync(opened.fd);
    }
  },
});
