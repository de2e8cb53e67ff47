import { FileScan, GREP_BLOCK_BYTES, GREP_LINE_MAX_BYTES, scanSpec } from './grep-scan.js';
import type { ScanSpec } from './grep-scan.js';
import type { FileHits, GrepRequest } from './grep-types.js';

/** How long the search runs between yields to the event loop (where an abort is noticed). */
const SLICE_MS = 50;
/** Files named in the over-long-lines note; the rest are counted. */
const NOTE_FILES = 5;

/** Matching files (in no particular order) and notes for the model (lines skipped as too long). */
export interface SearchOutcome {
  files: FileHits[];
  notes: string[];
}

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The built-in file search: each file is scanned block by block (FileScan) on this thread, with
 * a yield to the event loop at least every 50 ms, between files or between blocks of one large
 * file, so an abort is answered promptly and memory stays at about two blocks whatever the file
 * sizes. Paths can be added while the search runs (rg's candidates, as rg prints them).
 */
export class FileSearch {
  private readonly spec: ScanSpec;
  private readonly prefix: string;
  private buf: Buffer = Buffer.allocUnsafe(GREP_BLOCK_BYTES + GREP_LINE_MAX_BYTES + 1);
  private readonly files: FileHits[] = [];
  private readonly long: Array<{ rel: string; lines: number[] }> = [];
  private chain: Promise<void> = Promise.resolve();
  private sliceStart = Date.now();
  private aborted = false;

  constructor(
    base: string,
    private readonly req: Pick<GrepRequest, 'pattern' | 'mode' | 'signal'>,
  ) {
    this.spec = scanSpec(req.pattern, req.mode);
    this.prefix = base.endsWith('/') ? base : `${base}/`;
  }

  /** Queues files (relative to the base) for searching, after those already queued. */
  add(rels: readonly string[]): void {
    this.chain = this.chain.then(() => this.run(rels));
  }

  /** The outcome once every queued file was searched; undefined when the signal aborted. */
  async finish(): Promise<SearchOutcome | undefined> {
    await this.chain;
    if (this.aborted || this.req.signal.aborted) return undefined;
    return { files: this.files, notes: this.notes() };
  }

  private async pause(): Promise<boolean> {
    if (Date.now() - this.sliceStart < SLICE_MS) return !this.req.signal.aborted;
    await yieldNow();
    this.sliceStart = Date.now();
    return !this.req.signal.aborted;
  }

  private async run(rels: readonly string[]): Promise<void> {
    for (const rel of rels) {
      if (this.aborted || !(await this.pause())) {
        this.aborted = true;
        return;
      }
      const scan = new FileScan(this.prefix + rel, this.spec, this.buf);
      while (scan.step()) {
        if (!(await this.pause())) {
          scan.cancel();
          this.aborted = true;
          return;
        }
      }
      this.buf = scan.buffer;
      const out = scan.result();
      if (out === undefined) continue;
      if (out.lines.length > 0) this.files.push({ rel, lines: out.lines });
      if (out.longLines.length > 0) this.long.push({ rel, lines: out.longLines });
    }
  }

  private notes(): string[] {
    if (this.long.length === 0) return [];
    const count = this.long.reduce((n, f) => n + f.lines.length, 0);
    const named = this.long
      .slice(0, NOTE_FILES)
      .map((f) => `${f.rel}:${f.lines.slice(0, 3).join(',')}${f.lines.length > 3 ? ',…' : ''}`)
      .join(', ');
    const more = this.long.length > NOTE_FILES ? ` and ${this.long.length - NOTE_FILES} more files` : '';
    return [
      `Note: ${count} line${count === 1 ? '' : 's'} longer than ${GREP_LINE_MAX_BYTES / 1024 / 1024} MiB ${count === 1 ? 'was' : 'were'} not searched (${named}${more}); read them with read_file offset/limit if needed.`,
    ];
  }
}

/** Searches `files` (relative to `base`); undefined when the signal aborted the search. */
export async function searchFiles(
  files: readonly string[],
  base: string,
  req: Pick<GrepRequest, 'pattern' | 'mode' | 'signal'>,
): Promise<SearchOutcome | undefined> {
  const search = new FileSearch(base, req);
  search.add(files);
  return search.finish();
}
