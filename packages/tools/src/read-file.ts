import fs from 'node:fs/promises';
import * as z from 'zod/mini';
import { filePermission } from './file-guard.js';
import { displayPath, resolveInJail } from './jail.js';
import { abortedResult, errorResult, messageOf, okResult, plural } from './result.js';
import type { Tool } from './types.js';

/** Default number of lines returned by one read_file call. */
export const READ_LINE_CAP = 2000;
/** Default number of output bytes returned by one read_file call. */
export const READ_BYTE_CAP = 256 * 1024;
/** Lines longer than this are cut with a marker. */
export const READ_LINE_CHARS = 2000;
const SNIFF_BYTES = 8192;
const CHUNK = 64 * 1024;

const schema = z.object({
  path: z.string().register(z.globalRegistry, { description: 'File to read, relative to the work root (or absolute inside it or a skill directory).' }),
  offset: z.optional(z.int().check(z.minimum(1))).register(z.globalRegistry, { description: '1-based line number to start at. Default 1.' }),
  limit: z.optional(z.int().check(z.minimum(1))).register(z.globalRegistry, { description: `Maximum number of lines to return. Default ${READ_LINE_CAP}.` }),
});
type Input = z.infer<typeof schema>;

function formatLine(n: number, raw: string): string {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  const cut =
    line.length > READ_LINE_CHARS
      ? `${line.slice(0, READ_LINE_CHARS)} … [line cut: ${line.length - READ_LINE_CHARS} more characters]`
      : line;
  return `${String(n).padStart(6)}\t${cut}`;
}

interface Slice {
  lines: string[];
  first: number;
  totalLines: number;
  cappedBy: 'lines' | 'bytes' | null;
}

/**
 * Streams the file in chunks: lines before `offset` are skipped, the rest counted only. The buffer
 * is sized to the file (`size` from stat; a file that grew is still read to its end), so reading
 * a small file neither allocates 64 KiB nor takes a second read for the binary check: the first
 * chunk holds the bytes that check looks at. Returns 'binary' when they contain a NUL.
 */
async function readSlice(fh: fs.FileHandle, size: number, offset: number, limit: number, signal: AbortSignal): Promise<Slice | 'binary'> {
  const decoder = new TextDecoder('utf-8');
  const out: string[] = [];
  let bytes = 0;
  let lineNo = 0;
  let partial = '';
  let cappedBy: Slice['cappedBy'] = null;
  const buf = Buffer.allocUnsafe(Math.min(CHUNK, size + 1));
  let first = true;
  const take = (line: string): void => {
    lineNo += 1;
    if (lineNo < offset || cappedBy !== null) return;
    if (out.length >= limit) {
      cappedBy = 'lines';
      return;
    }
    const formatted = formatLine(lineNo, line);
    if (bytes + formatted.length + 1 > READ_BYTE_CAP && out.length > 0) {
      cappedBy = 'bytes';
      return;
    }
    bytes += formatted.length + 1;
    out.push(formatted);
  };
  for (;;) {
    if (signal.aborted) throw new Error('aborted');
    const { bytesRead } = await fh.read(buf, 0, buf.length, null);
    if (bytesRead === 0) break;
    if (first && buf.subarray(0, Math.min(bytesRead, SNIFF_BYTES)).includes(0)) return 'binary';
    first = false;
    const text = partial + decoder.decode(buf.subarray(0, bytesRead), { stream: true });
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) take(part);
  }
  partial += decoder.decode();
  if (partial.length > 0) take(partial);
  return { lines: out, first: offset, totalLines: lineNo, cappedBy };
}

/** read_file: numbered lines (`cat -n` style), capped, recorded in the read tracker. */
export const readFileTool: Tool<Input> = {
  name: 'read_file',
  description:
    'Read a text file. Returns numbered lines like `cat -n` (line number, tab, text). ' +
    `At most ${READ_LINE_CAP} lines or ${READ_BYTE_CAP / 1024} KiB per call; use offset and limit to read further. ` +
    `Lines longer than ${READ_LINE_CHARS} characters are cut. Binary files and directories are refused (use glob to list a directory). ` +
    'Read a file before editing or overwriting it.',
  kind: 'read',
  schema,
  summarize: (input) => `read_file ${input.path}${input.offset ? ` @${input.offset}` : ''}`,
  permission: (input, ctx) => filePermission(ctx.root, input.path),
  async run(input, ctx) {
    if (ctx.signal.aborted) return abortedResult('read_file');
    const jail = resolveInJail(ctx.root, ctx.extraReadRoots, input.path, 'read');
    if (!jail.ok) return errorResult(jail.error);
    const shown = displayPath(ctx.root, jail.abs);
    try {
      const st = await fs.stat(jail.abs);
      if (st.isDirectory()) return errorResult(`${shown} is a directory, not a file. Use glob (e.g. pattern "${shown}/*") to list it.`);
      if (!st.isFile()) return errorResult(`${shown} is not a regular file.`);
      ctx.readTracker.record(jail.abs, st.mtimeMs, st.size);
      if (st.size === 0) return okResult(`${shown} is empty (0 bytes).`, `read ${shown} (empty)`);
      const fh = await fs.open(jail.abs, 'r');
      let slice: Slice | 'binary';
      const offset = input.offset ?? 1;
      try {
        slice = await readSlice(fh, st.size, offset, input.limit ?? READ_LINE_CAP, ctx.signal);
      } finally {
        await fh.close();
      }
      if (slice === 'binary') return errorResult(`${shown} looks like a binary file (it contains NUL bytes); read_file only returns text.`);
      if (slice.lines.length === 0) {
        return errorResult(`offset ${offset} is past the end of ${shown}, which has ${slice.totalLines} lines.`);
      }
      const last = offset + slice.lines.length - 1;
      let content = slice.lines.join('\n');
      if (last < slice.totalLines) {
        const why = slice.cappedBy === 'bytes' ? ` (output capped at ${READ_BYTE_CAP / 1024} KiB)` : '';
        content += `\n\n[Showing lines ${offset}-${last} of ${slice.totalLines}${why}. To read on, call read_file with offset=${last + 1}.]`;
      }
      const display =
        offset === 1 && last === slice.totalLines ? `read ${shown} (${plural(last, 'line')})` : `read ${shown} lines ${offset}-${last} of ${slice.totalLines}`;
      return okResult(content, display);
    } catch (err) {
      if (ctx.signal.aborted) return abortedResult('read_file');
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return errorResult(`${shown} does not exist (work root ${ctx.root}).`);
      return errorResult(`Cannot read ${shown}: ${messageOf(err)}`);
    }
  },
};
