import { fstatSync, readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';

/** What the bin's stdin is: /dev/null, a regular file, or anything else (a terminal, a pipe, a socket). */
export type StdinKind = 'null' | 'file' | 'stream';

/** Classifies file descriptor `fd` without building `process.stdin`. */
export function stdinKind(fd = 0): StdinKind {
  try {
    const st = fstatSync(fd);
    if (st.isFile()) return 'file';
    if (st.isCharacterDevice() && st.rdev === statSync('/dev/null').rdev) return 'null';
  } catch {
    // an unusual descriptor: let Node build its stream
  }
  return 'stream';
}

/**
 * The bin's stdin. A `< /dev/null` or `< file` stdin is read synchronously into an ordinary
 * Readable: Node would otherwise build an fs.ReadStream for it (loading the fs stream machinery
 * and reading through the thread pool, ~3 ms of a `-p` run that reads nothing). A terminal or a
 * pipe is `process.stdin` itself. Built on first use, so `-p PROMPT` from a terminal builds nothing.
 */
export function openStdin(): NodeJS.ReadableStream & { isTTY?: boolean } {
  const kind = stdinKind();
  if (kind === 'stream') return process.stdin;
  const bytes = kind === 'null' ? Buffer.alloc(0) : readFileSync(0);
  return Readable.from(bytes.length > 0 ? [bytes] : [], { objectMode: false });
}
