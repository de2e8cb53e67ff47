import fs from 'node:fs';

/** Bytes read before the rest of a file: a NUL among them rules the file out without reading on. */
const FIRST_CHUNK = 64 * 1024;

/**
 * Reads files for the built-in grep into one buffer reused from file to file, so a search of
 * thousands of files allocates (and garbage-collects) almost nothing. A file holding a NUL byte
 * in its first 64 KiB is reported as binary without reading the rest (a NUL later on is the
 * caller's check). A short read is taken as the end of the file, as it is for regular files.
 */
export class FileReader {
  private buf = Buffer.allocUnsafe(1024 * 1024);

  /**
   * The bytes of the file at `abs`, as a view that stays valid only until the next call;
   * 'binary' for a NUL in the first chunk; undefined when the file cannot be read.
   */
  read(abs: string): Buffer | 'binary' | undefined {
    let fd: number;
    try {
      fd = fs.openSync(abs, 'r');
    } catch {
      return undefined;
    }
    try {
      let total = fs.readSync(fd, this.buf, 0, FIRST_CHUNK, null);
      if (total === 0) return this.buf.subarray(0, 0);
      if (this.buf.subarray(0, total).indexOf(0) !== -1) return 'binary';
      if (total < FIRST_CHUNK) return this.buf.subarray(0, total);
      const size = fs.fstatSync(fd).size;
      if (size >= this.buf.length) this.grow(size + 1, total);
      for (;;) {
        if (total === this.buf.length) this.grow(this.buf.length * 2, total);
        const want = this.buf.length - total;
        const n = fs.readSync(fd, this.buf, total, want, null);
        total += n;
        if (n < want) return this.buf.subarray(0, total);
      }
    } catch {
      return undefined;
    } finally {
      fs.closeSync(fd);
    }
  }

  private grow(size: number, keep: number): void {
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, keep);
    this.buf = next;
  }
}
