import fs from 'node:fs';
import { matchLines, matchRequired } from './grep-match.js';
import type { GrepPattern } from './grep-regex.js';
import type { GrepRequest, LineHit } from './grep-types.js';

/** Bytes read from a file at a time. */
export const GREP_BLOCK_BYTES = 1024 * 1024;
/** Lines longer than this are not searched (one note per file says which was skipped). */
export const GREP_LINE_MAX_BYTES = 1024 * 1024;

const NL = 0x0a;
const { O_RDONLY, O_NONBLOCK, O_NOFOLLOW } = fs.constants;

/** What scanning one file found: its matching lines and the over-long lines it skipped. */
export interface ScanOutcome {
  lines: LineHit[];
  /** 1-based numbers of the lines longer than GREP_LINE_MAX_BYTES (not searched). */
  longLines: number[];
}

/** The searching part of a request, with the byte form of the required literal. */
export interface ScanSpec {
  pattern: GrepPattern;
  mode: GrepRequest['mode'];
  required: Buffer | undefined;
}

export function scanSpec(pattern: GrepPattern, mode: GrepRequest['mode']): ScanSpec {
  return { pattern, mode, required: pattern.required !== undefined ? Buffer.from(pattern.required) : undefined };
}

/** Matching lines of a region of complete lines, numbered from `firstLine`. */
function matchRegion(buf: Buffer, spec: ScanSpec, firstLine: number, firstOnly: boolean): LineHit[] {
  const hits =
    spec.required !== undefined
      ? buf.indexOf(spec.required) === -1
        ? []
        : matchRequired(buf, spec.required, spec.pattern, firstOnly)
      : matchLines(buf.toString('utf8'), spec.pattern, firstOnly);
  if (firstLine !== 1) for (const h of hits) h.n += firstLine - 1;
  return hits;
}

function countLines(buf: Buffer): number {
  let n = 0;
  for (let at = buf.indexOf(NL); at !== -1; at = buf.indexOf(NL, at + 1)) n++;
  return n;
}

/**
 * One file searched block by block with bounded memory (a block plus at most one line of
 * GREP_LINE_MAX_BYTES): `step()` reads and searches the next block and returns false when the
 * file is done, so a caller can yield (and honour an abort) between blocks of a large file.
 * A NUL byte anywhere makes the file binary (no hits), as before; a line longer than the limit
 * is skipped and reported. The file is opened without following a symlink and without blocking
 * (O_NONBLOCK), and anything but a regular file is left alone.
 */
export class FileScan {
  private fd: number | undefined;
  private carry = 0;
  private lineNo = 1;
  private skipping = false;
  private found = false;
  private binary = false;
  private readonly hits: LineHit[] = [];
  private readonly longLines: number[] = [];

  constructor(
    abs: string,
    private readonly spec: ScanSpec,
    private buf: Buffer,
  ) {
    try {
      const fd = fs.openSync(abs, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
      if (fs.fstatSync(fd).isFile()) this.fd = fd;
      else fs.closeSync(fd);
    } catch {
      this.fd = undefined;
    }
  }

  /** The buffer in use (it grows once, to block + line limit); pass it to the next scan. */
  get buffer(): Buffer {
    return this.buf;
  }

  /** Searches the next block; false when the file is finished (or could not be read). */
  step(): boolean {
    if (this.fd === undefined) return false;
    if (this.buf.length < this.carry + GREP_BLOCK_BYTES) {
      const next = Buffer.allocUnsafe(GREP_BLOCK_BYTES + GREP_LINE_MAX_BYTES + 1);
      this.buf.copy(next, 0, 0, this.carry);
      this.buf = next;
    }
    let n: number;
    try {
      n = fs.readSync(this.fd, this.buf, this.carry, GREP_BLOCK_BYTES, null);
    } catch {
      n = 0;
    }
    if (n === 0) {
      if (this.carry > 0 && !this.skipping) this.region(0, this.carry, true);
      return this.close();
    }
    const total = this.carry + n;
    if (this.buf.subarray(this.carry, total).indexOf(0) !== -1) {
      this.binary = true;
      return this.close();
    }
    // A short read of a regular file is its end: the last line needs no newline then.
    const eof = n < GREP_BLOCK_BYTES;
    let start = 0;
    if (this.skipping) {
      const nl = this.buf.indexOf(NL, this.carry);
      if (nl === -1 || nl >= total) {
        this.carry = 0;
        return eof ? this.close() : true;
      }
      this.skipping = false;
      this.lineNo++;
      start = nl + 1;
    }
    if (eof) {
      if (total - start > GREP_LINE_MAX_BYTES && this.buf.lastIndexOf(NL, total - 1) < start)
        this.longLines.push(this.lineNo);
      else if (total > start) this.region(start, total, true);
      return this.close();
    }
    const last = this.buf.lastIndexOf(NL, total - 1);
    if (last < start) {
      this.keep(start, total);
      return true;
    }
    this.region(start, last + 1, false);
    this.buf.copy(this.buf, 0, last + 1, total);
    this.carry = total - (last + 1);
    return true;
  }

  /** The outcome once step() returned false; undefined for a binary or unreadable file. */
  result(): ScanOutcome | undefined {
    return this.binary ? undefined : { lines: this.hits, longLines: this.longLines };
  }

  /** Keeps an unfinished line for the next block, or starts skipping it when it is too long. */
  private keep(start: number, total: number): void {
    if (total - start > GREP_LINE_MAX_BYTES) {
      this.longLines.push(this.lineNo);
      this.skipping = true;
      this.carry = 0;
      return;
    }
    this.buf.copy(this.buf, 0, start, total);
    this.carry = total - start;
  }

  /** Searches the complete lines in buf[start, end) (end is just past a `\n`, or the file's end). */
  private region(start: number, end: number, final: boolean): void {
    const part = this.buf.subarray(start, end);
    const firstOnly = this.spec.mode === 'files';
    // In 'files' mode one hit is enough: later blocks are only checked for NUL bytes.
    if (firstOnly && this.found) return;
    let hits = matchRegion(part, this.spec, this.lineNo, firstOnly);
    if (part.length > GREP_LINE_MAX_BYTES) hits = this.dropLong(part, hits);
    for (const h of hits) this.hits.push(h);
    if (hits.length > 0) this.found = true;
    if (!final) this.lineNo += countLines(part);
  }

  /** Drops the hits on lines longer than the limit (a block may end a long line), noting them. */
  private dropLong(part: Buffer, hits: LineHit[]): LineHit[] {
    const long = new Set<number>();
    let n = this.lineNo;
    for (let from = 0; from < part.length; n++) {
      let nl = part.indexOf(NL, from);
      if (nl === -1) nl = part.length;
      if (nl - from > GREP_LINE_MAX_BYTES) long.add(n);
      from = nl + 1;
    }
    for (const l of long) this.longLines.push(l);
    return long.size === 0 ? hits : hits.filter((h) => !long.has(h.n));
  }

  /** Stops a scan early (an abort): closes the file. */
  cancel(): void {
    this.close();
  }

  private close(): false {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
    return false;
  }
}
