import { matchLines, matchRequired } from './grep-match.js';
import type { GrepPattern } from './grep-regex.js';
import { FileReader } from './grep-read.js';
import type { FileHits, GrepRequest, LineHit } from './grep-types.js';

/** Files per unit of work handed out between the main thread and the helper thread. */
export const CHUNK_FILES = 128;

/** Slot of the next unclaimed chunk, and of the cancel flag, in a job's shared control array. */
export const NEXT_CHUNK = 0;
export const CANCELLED = 1;

/** Everything one thread needs to search files: it owns its reader (a reused buffer). */
export interface ChunkSearch {
  files: readonly string[];
  /** The base directory with a trailing `/`; file paths are relative to it. */
  prefix: string;
  pattern: GrepPattern;
  mode: GrepRequest['mode'];
  required: Buffer | undefined;
  reader: FileReader;
}

/** Sets up a thread's search; `required` is the byte form of the pattern's required literal. */
export function chunkSearch(files: readonly string[], base: string, pattern: GrepPattern, mode: GrepRequest['mode']): ChunkSearch {
  return {
    files,
    prefix: base.endsWith('/') ? base : `${base}/`,
    pattern,
    mode,
    required: pattern.required !== undefined ? Buffer.from(pattern.required) : undefined,
    reader: new FileReader(),
  };
}

/** Searches one file's bytes: the matching lines, none for a binary file (a NUL byte anywhere). */
export function searchBuffer(buf: Buffer, pattern: GrepPattern, mode: GrepRequest['mode'], required: Buffer | undefined): LineHit[] {
  const firstOnly = mode === 'files';
  if (required !== undefined) {
    if (buf.indexOf(required) === -1) return [];
    const hits = matchRequired(buf, required, pattern, firstOnly);
    return hits.length > 0 && buf.indexOf(0) === -1 ? hits : [];
  }
  if (buf.indexOf(0) !== -1) return [];
  return matchLines(buf.toString('utf8'), pattern, firstOnly);
}

/** Searches one file (relative to the base), appending it to `out` when it matches. */
export function searchFile(s: ChunkSearch, rel: string, out: FileHits[]): void {
  const buf = s.reader.read(s.prefix + rel);
  if (buf === undefined || buf === 'binary') return;
  const lines = searchBuffer(buf, s.pattern, s.mode, s.required);
  if (lines.length > 0) out.push({ rel, lines });
}

/** Searches the files of chunk `chunk`, appending the matching ones to `out`. */
export function searchChunk(s: ChunkSearch, chunk: number, out: FileHits[]): void {
  const end = Math.min(s.files.length, (chunk + 1) * CHUNK_FILES);
  for (let i = chunk * CHUNK_FILES; i < end; i++) searchFile(s, s.files[i] ?? '', out);
}

/** How many chunks a list of files makes. */
export function chunkCount(files: readonly unknown[]): number {
  return Math.ceil(files.length / CHUNK_FILES);
}
