import { readFileSync, statSync } from 'node:fs';
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

/** Numbers and caps the lines of decoded text fed to it in chunks; lines before `offset` are counted only. */
function lineCollector(offset: number, limit: number): { push(text: string): void; end(): Slice } {
  const out: string[] = [];
  let bytes = 0;
  let lineNo = 0;
  let partial = '';
  let cappedBy: Slice['cappedBy'] = null;
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
  return {
    push(text) {
      const parts = (partial + text).split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) take(part);
    },
    end() {
      if (partial.length > 0) take(partial);
      return { lines: out, first: offset, totalLines: lineNo, cappedBy };
    },
  };
}

const isBinary = (head: Uint8Array): boolean => head.subarray(0, SNIFF_BYTES).includes(0);

/**
 * A file of at most this many bytes is read whole with one synchronous call: for the small files
 * a session mostly reads that is a tenth of the time of the five asynchronous steps (stat aside),
 * and it blocks the event loop for well under a millisecond.
 */
export const SYNC_READ_BYTES = 256 * 1024;

/** The whole small file at once; 'binary' when its first 8 KiB hold a NUL. */
function readSliceSync(abs: string, offset: number, limit: number): Slice | 'binary' {
  const bytes = readFileSync(abs);
  if (isBinary(bytes)) return 'binary';
  const lines = lineCollector(offset, limit);
  lines.push(new TextDecoder('utf-8').decode(bytes));
  return lines.end();
}

/**
 * Streams a larger file in 64 KiB chunks (a file that grew since stat is still read to its end).
 * Returns 'binary' when the first 8 KiB hold a NUL.
 */
async function readSlice(abs: string, offset: number, limit: number, signal: AbortSignal): Promise<Slice | 'binary'> {
  const fh = await fs.open(abs, 'r');
  try {
    const decoder = new TextDecoder('utf-8');
    const lines = lineCollector(offset, limit);
    const buf = Buffer.allocUnsafe(CHUNK);
    for (let first = true; ; first = false) {
      if (signal.aborted) throw new Error('aborted');
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      if (first && isBinary(buf.subarray(0, bytesRead))) return 'binary';
      lines.push(decoder.decode(buf.subarray(0, bytesRead), { stream: true }));
    }
    lines.push(decoder.decode());
    return lines.end();
  } finally {
    await fh.close();
  }
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
      const st = statSync(jail.abs);
      if (st.isDirectory()) return errorResult(`${shown} is a directory, not a file. Use glob (e.g. pattern "${shown}/*") to list it.`);
      if (!st.isFile()) return errorResult(`${shown} is not a regular file.`);
      ctx.readTracker.record(jail.abs, st.mtimeMs, st.size);
      if (st.size === 0) return okResult(`${shown} is empty (0 bytes).`, `read ${shown} (empty)`);
      const offset = input.offset ?? 1;
      const limit = input.limit ?? READ_LINE_CAP;
      const slice = st.size <= SYNC_READ_BYTES ? readSliceSync(jail.abs, offset, limit) : await readSlice(jail.abs, offset, limit, ctx.signal);
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
