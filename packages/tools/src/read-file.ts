import fs from 'node:fs';
import * as z from 'zod/mini';
import { filePermission } from './file-guard.js';
import { readsThroughSeam, SEAM_READ_MAX_BYTES, seamText } from './file-io.js';
import { displayPath, resolveInJail } from './jail.js';
import { abortedResult, errorResult, messageOf, okResult, plural } from './result.js';
import { openRegularSync } from './safe-open.js';
import { defineTool } from './define-tool.js';
import { mediaOf, readMedia } from './read-file-media.js';
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
  path: z.string().register(z.globalRegistry, {
    description: 'File to read, relative to the work root (or absolute inside it or a skill directory).',
  }),
  offset: z
    .optional(z.int().check(z.minimum(1)))
    .register(z.globalRegistry, { description: '1-based line number to start at. Default 1.' }),
  limit: z
    .optional(z.int().check(z.minimum(1)))
    .register(z.globalRegistry, { description: `Maximum number of lines to return. Default ${READ_LINE_CAP}.` }),
});
type Input = z.infer<typeof schema>;

/** One numbered output line from the kept head of a line (at most READ_LINE_CHARS + 1 characters) and its full length. */
function formatLine(n: number, head: string, length: number, endsWithCr: boolean): string {
  const len = endsWithCr ? length - 1 : length;
  const cut =
    len > READ_LINE_CHARS
      ? `${head.slice(0, READ_LINE_CHARS)} … [line cut: ${len - READ_LINE_CHARS} more characters]`
      : head.slice(0, len);
  return `${String(n).padStart(6)}\t${cut}`;
}

interface Slice {
  lines: string[];
  first: number;
  totalLines: number;
  cappedBy: 'lines' | 'bytes' | null;
}

/**
 * Numbers and caps the lines of decoded text fed to it in chunks; lines before `offset` are
 * counted only. Linear in the input: of a line still open at a chunk's end only its first
 * READ_LINE_CHARS + 1 characters and its length are kept, so a 64 MB line costs one pass.
 */
function lineCollector(offset: number, limit: number): { push(text: string): void; end(): Slice } {
  const out: string[] = [];
  let bytes = 0;
  let lineNo = 0;
  let head = '';
  let length = 0;
  let last = '';
  let open = false;
  let cappedBy: Slice['cappedBy'] = null;
  const add = (part: string): void => {
    open = true;
    if (part.length === 0) return;
    if (head.length <= READ_LINE_CHARS) head += part.slice(0, READ_LINE_CHARS + 1 - head.length);
    length += part.length;
    last = part[part.length - 1] ?? '';
  };
  const take = (): void => {
    lineNo += 1;
    const h = head;
    const len = length;
    const cr = last === '\r';
    head = '';
    length = 0;
    last = '';
    open = false;
    if (lineNo < offset || cappedBy !== null) return;
    if (out.length >= limit) {
      cappedBy = 'lines';
      return;
    }
    const formatted = formatLine(lineNo, h, len, cr);
    if (bytes + formatted.length + 1 > READ_BYTE_CAP && out.length > 0) {
      cappedBy = 'bytes';
      return;
    }
    bytes += formatted.length + 1;
    out.push(formatted);
  };
  return {
    push(text) {
      let from = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
        add(text.slice(from, nl));
        take();
        from = nl + 1;
      }
      if (from < text.length) add(text.slice(from));
    },
    end() {
      if (open && length > 0) take();
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

/** The whole small file at once (from its open descriptor); 'binary' when its first 8 KiB hold a NUL. */
function readSliceSync(fd: number, size: number, offset: number, limit: number): Slice | 'binary' {
  const bytes = Buffer.allocUnsafe(size);
  let total = 0;
  while (total < size) {
    const n = fs.readSync(fd, bytes, total, size - total, null);
    if (n === 0) break;
    total += n;
  }
  const view = bytes.subarray(0, total);
  if (isBinary(view)) return 'binary';
  const lines = lineCollector(offset, limit);
  lines.push(new TextDecoder('utf-8').decode(view));
  return lines.end();
}

/** Whether the opened file's first 8 KiB hold a NUL (read at offset 0, the descriptor's position unchanged). */
function headIsBinary(fd: number): boolean {
  const head = Buffer.allocUnsafe(SNIFF_BYTES);
  const n = fs.readSync(fd, head, 0, SNIFF_BYTES, 0);
  return isBinary(head.subarray(0, n));
}

/** A whole text (from the seam) numbered and capped like a file. */
function sliceOfText(text: string, offset: number, limit: number): Slice {
  const lines = lineCollector(offset, limit);
  lines.push(text);
  return lines.end();
}

const readChunk = (fd: number, buf: Buffer): Promise<number> =>
  new Promise((resolve, reject) => fs.read(fd, buf, 0, buf.length, null, (err, n) => (err ? reject(err) : resolve(n))));

/**
 * Streams a larger file in 64 KiB chunks (a file that grew since stat is still read to its end),
 * checking the signal between chunks. Returns 'binary' when the first 8 KiB hold a NUL.
 */
async function readSlice(fd: number, offset: number, limit: number, signal: AbortSignal): Promise<Slice | 'binary'> {
  const decoder = new TextDecoder('utf-8');
  const lines = lineCollector(offset, limit);
  const buf = Buffer.allocUnsafe(CHUNK);
  for (let first = true; ; first = false) {
    if (signal.aborted) throw new Error('aborted');
    const bytesRead = await readChunk(fd, buf);
    if (bytesRead === 0) break;
    if (first && isBinary(buf.subarray(0, bytesRead))) return 'binary';
    lines.push(decoder.decode(buf.subarray(0, bytesRead), { stream: true }));
  }
  lines.push(decoder.decode());
  return lines.end();
}

/** read_file: numbered lines (`cat -n` style), capped, recorded in the read tracker. */
export const readFileTool: Tool<Input> = defineTool({
  name: 'read_file',
  description:
    'Read a text file. Returns numbered lines like `cat -n` (line number, tab, text). ' +
    `At most ${READ_LINE_CAP} lines or ${READ_BYTE_CAP / 1024} KiB per call; use offset and limit to read further. ` +
    `Lines longer than ${READ_LINE_CHARS} characters are cut. Images (PNG, JPEG, GIF, WebP) and PDFs are returned for you to see; ` +
    'other binary files and directories are refused (use glob to list a directory). ' +
    'Read a file before editing or overwriting it.',
  kind: 'read',
  ruleNames: ['Read'],
  pathFields: ['path'],
  schema,
  summarize: (input) => `read_file ${input.path}${input.offset ? ` @${input.offset}` : ''}`,
  permission: (input, ctx) => filePermission(ctx.root, input.path, ctx.writeRoots),
  async execute(input, ctx) {
    if (ctx.signal.aborted) return abortedResult('read_file');
    const jail = resolveInJail(ctx.root, ctx.extraReadRoots, input.path, 'read', ctx.writeRoots);
    if (!jail.ok) return errorResult(jail.error, undefined, 'outside_root');
    const shown = displayPath(ctx.root, jail.abs);
    const opened = openRegularSync(jail.abs, shown, { noFollow: true });
    if (!opened.ok) {
      if (opened.code === 'EISDIR')
        return errorResult(`${shown} is a directory, not a file. Use glob (e.g. pattern "${shown}/*") to list it.`);
      if (opened.code === 'ENOENT' || opened.code === 'ENOTDIR')
        return errorResult(`${shown} does not exist (work root ${ctx.root}).`, undefined, 'not_found');
      return errorResult(opened.code === 'ENOTREG' ? opened.error : `Cannot read ${opened.error}`);
    }
    const { fd, st } = opened;
    try {
      ctx.readTracker.record(jail.abs, st.mtimeMs, st.size);
      // An image or a PDF (by its first bytes) goes to the model as what it is, whole.
      const media = st.size > 0 ? mediaOf(fd) : undefined;
      if (media !== undefined) {
        const read = readMedia(fd, st.size, media, shown);
        return read.ok ? { content: read.parts, display: read.display, isError: false } : errorResult(read.error);
      }
      const offset = input.offset ?? 1;
      const limit = input.limit ?? READ_LINE_CAP;
      // Through the seam (an editor's buffer) when it has the text: a file binary or very large on disk is not asked for.
      const seam =
        readsThroughSeam(ctx) && st.size <= SEAM_READ_MAX_BYTES && !headIsBinary(fd)
          ? await seamText(ctx, jail.abs)
          : undefined;
      if (seam === '' || (seam === undefined && st.size === 0))
        return okResult(`${shown} is empty (0 bytes).`, `read ${shown} (empty)`);
      const slice =
        seam !== undefined
          ? sliceOfText(seam, offset, limit)
          : st.size <= SYNC_READ_BYTES
            ? readSliceSync(fd, st.size, offset, limit)
            : await readSlice(fd, offset, limit, ctx.signal);
      if (slice === 'binary')
        return errorResult(`${shown} looks like a binary file (it contains NUL bytes); read_file only returns text.`);
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
        offset === 1 && last === slice.totalLines
          ? `read ${shown} (${plural(last, 'line')})`
          : `read ${shown} lines ${offset}-${last} of ${slice.totalLines}`;
      return okResult(content, display);
    } catch (err) {
      if (ctx.signal.aborted) return abortedResult('read_file');
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR')
        return errorResult(`${shown} does not exist (work root ${ctx.root}).`, undefined, 'not_found');
      return errorResult(`Cannot read ${shown}: ${messageOf(err)}`);
    } finally {
      fs.closeSync(fd);
    }
  },
});
