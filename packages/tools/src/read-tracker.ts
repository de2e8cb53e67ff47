import type { ReadTracker } from './types.js';

/**
 * A per-session memory of what `read_file` saw. write_file and edit_file compare the current
 * mtime and size against it to refuse blind or stale overwrites.
 */
export function createReadTracker(): ReadTracker {
  const seen = new Map<string, { mtimeMs: number; size: number }>();
  return {
    record(absPath, mtimeMs, size) {
      seen.set(absPath, { mtimeMs, size });
    },
    get(absPath) {
      return seen.get(absPath);
    },
    clear() {
      seen.clear();
    },
  };
}
