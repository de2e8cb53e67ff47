import fs from 'node:fs';
import * as z from 'zod/mini';
import { RESULT_DIFF_MAX_LINES, unifiedDiff } from './diff.js';
import { existingOf, filePermission, recordWritten, staleReason, writeRefusal, writeTarget } from './file-guard.js';
import { seamText, seamWrite } from './file-io.js';
import { abortedResult, errorResult, messageOf, okResult, plural } from './result.js';
import { readRegularTextSync } from './safe-open.js';
import { openForWrite, readWhole, writeWhole } from './safe-write.js';
import { defineTool } from './define-tool.js';
import type { Tool, ToolContext } from './types.js';

/** Files larger than this get no diff preview (their size is shown instead). */
export const PREVIEW_MAX_BYTES = 4 * 1024 * 1024;

const schema = z.object({
  path: z.string().register(z.globalRegistry, {
    description: 'File to write, relative to the work root. Parent directories are created.',
  }),
  content: z.string().register(z.globalRegistry, { description: 'The complete new content of the file.' }),
});
type Input = z.infer<typeof schema>;

function countLines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/** write_file: creates or overwrites a file inside the work root (never in a skill directory). */
export const writeFileTool: Tool<Input> = defineTool({
  name: 'write_file',
  description:
    'Create a file or replace its whole content. Parent directories are created. ' +
    'Overwriting an existing file requires that you read it with read_file first in this session ' +
    '(and that it has not changed since). Prefer edit_file for changes to part of a file. Only paths inside the work root.',
  kind: 'write',
  ruleNames: ['Write'],
  pathFields: ['path'],
  schema,
  summarize: (input) => `write_file ${input.path}`,
  permission: (input, ctx) => filePermission(ctx.root, input.path, ctx.writeRoots),
  refuse: (input, ctx) => writeRefusal(ctx, input.path, false),
  async preview(input, ctx) {
    const target = writeTarget(ctx, input.path);
    if (!target.ok) return undefined;
    let before = '';
    if (fs.existsSync(target.abs)) {
      const text = (await seamText(ctx, target.abs)) ?? readRegularTextSync(target.abs, PREVIEW_MAX_BYTES);
      if (text === undefined)
        return `(${target.shown} is larger than ${PREVIEW_MAX_BYTES / 1024 / 1024} MiB or unreadable; no diff shown)`;
      before = text;
    }
    return unifiedDiff(before, input.content, { fromLabel: target.shown });
  },
  async execute(input: Input, ctx: ToolContext) {
    if (ctx.signal.aborted) return abortedResult('write_file');
    const target = writeTarget(ctx, input.path);
    if (!target.ok) return errorResult(target.error, undefined, target.code);
    const { abs, shown } = target;
    const opened = openForWrite(ctx, abs, shown, true);
    if (!opened.ok) return errorResult(opened.error);
    try {
      const now = existingOf(opened.created ? undefined : opened.st);
      const stale = staleReason(ctx.readTracker, abs, shown, now);
      if (stale !== undefined) return errorResult(stale);
      // What the write replaces, for the diff people see (none for a file too large to preview).
      const seamBefore = now.exists ? await seamText(ctx, abs) : undefined;
      const before = !now.exists
        ? ''
        : (seamBefore ??
          (opened.st.size <= PREVIEW_MAX_BYTES ? readWhole(opened.fd, opened.st.size).toString('utf8') : undefined));
      const seam = await seamWrite(ctx, abs, input.content);
      if (seam.via === 'seam' && !seam.ok) {
        // The empty file the checked open created is not left behind.
        if (opened.created) fs.rmSync(abs, { force: true });
        return errorResult(`Cannot write ${shown}: ${seam.error}`);
      }
      if (seam.via === 'none') {
        writeWhole(opened.fd, Buffer.from(input.content, 'utf8'));
        recordWritten(ctx.readTracker, abs, opened.fd);
      }
      const lines = countLines(input.content);
      const bytes = Buffer.byteLength(input.content);
      const verb = now.exists ? 'Overwrote' : 'Created';
      const result = okResult(
        `${verb} ${shown} (${plural(lines, 'line')}, ${plural(bytes, 'byte')}).`,
        `${verb.toLowerCase()} ${shown} (${plural(lines, 'line')})`,
      );
      if (before === undefined) return result;
      return {
        ...result,
        diff: unifiedDiff(before, input.content, { fromLabel: shown, maxLines: RESULT_DIFF_MAX_LINES }),
      };
    } catch (err) {
      return errorResult(`Cannot write ${shown}: ${messageOf(err)}`);
    } finally {
      fs.closeSync(opened.fd);
    }
  },
});
