import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { unifiedDiff } from './diff.js';
import { filePermission, recordWritten, staleReason, statExisting } from './file-guard.js';
import { displayPath, resolveInJail } from './jail.js';
import { abortedResult, errorResult, messageOf, okResult, plural } from './result.js';
import type { Tool, ToolContext } from './types.js';

const schema = z.object({
  path: z.string().register(z.globalRegistry, { description: 'File to write, relative to the work root. Parent directories are created.' }),
  content: z.string().register(z.globalRegistry, { description: 'The complete new content of the file.' }),
});
type Input = z.infer<typeof schema>;

async function currentText(abs: string): Promise<string> {
  try {
    return await fs.readFile(abs, 'utf8');
  } catch {
    return '';
  }
}

function countLines(text: string): number {
  if (text === '') return 0;
  const n = text.split('\n').length;
  return text.endsWith('\n') ? n - 1 : n;
}

/** write_file: creates or overwrites a file inside the work root (never in a skill directory). */
export const writeFileTool: Tool<Input> = {
  name: 'write_file',
  description:
    'Create a file or replace its whole content. Parent directories are created. ' +
    'Overwriting an existing file requires that you read it with read_file first in this session ' +
    '(and that it has not changed since). Prefer edit_file for changes to part of a file. Only paths inside the work root.',
  kind: 'write',
  schema,
  summarize: (input) => `write_file ${input.path}`,
  permission: (input, ctx) => filePermission(ctx.root, input.path),
  async preview(input, ctx) {
    const jail = resolveInJail(ctx.root, [], input.path, 'write');
    if (!jail.ok) return undefined;
    const shown = displayPath(ctx.root, jail.abs);
    return unifiedDiff(await currentText(jail.abs), input.content, { fromLabel: shown });
  },
  async run(input: Input, ctx: ToolContext) {
    if (ctx.signal.aborted) return abortedResult('write_file');
    const jail = resolveInJail(ctx.root, [], input.path, 'write');
    if (!jail.ok) return errorResult(jail.error);
    const shown = displayPath(ctx.root, jail.abs);
    try {
      const now = await statExisting(jail.abs);
      const stale = staleReason(ctx.readTracker, jail.abs, shown, now);
      if (stale !== undefined) return errorResult(stale);
      await fs.mkdir(path.dirname(jail.abs), { recursive: true });
      await fs.writeFile(jail.abs, input.content, 'utf8');
      await recordWritten(ctx.readTracker, jail.abs);
      const lines = countLines(input.content);
      const bytes = Buffer.byteLength(input.content);
      const verb = now.exists ? 'Overwrote' : 'Created';
      return okResult(`${verb} ${shown} (${plural(lines, 'line')}, ${plural(bytes, 'byte')}).`, `${verb.toLowerCase()} ${shown} (${plural(lines, 'line')})`);
    } catch (err) {
      return errorResult(`Cannot write ${shown}: ${messageOf(err)}`);
    }
  },
};
