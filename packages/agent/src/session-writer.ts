/**
 * Appending to one open session file: each record is one line written with a write system call
 * (not buffered), so a killed process loses at most the record in flight; `flush` starts an fsync
 * in the background. Failures are returned as text, never thrown.
 */
import { close, closeSync, fsync, writeSync } from 'node:fs';
import type { PluginRecord } from './hooks.js';
import type { SessionRecord } from './session-records.js';

/** Appends records to one session file. Write failures are returned, never thrown. */
export interface SessionWriter {
  readonly id: string;
  /** Appends one line: the agent's own record, or a plugin's (any other `type`). */
  append(record: SessionRecord | PluginRecord): string | undefined;
  /**
   * Starts an fsync of everything appended so far and returns at once (appended lines are already
   * in the file; this is for the OS crashing). Returns an error only when the file is closed.
   */
  flush(): string | undefined;
  close(): void;
}

/** Writes all of `text` at the descriptor's position (a write may be short on some file systems). */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** A writer over `fd`, opened for appending; it owns the descriptor from now on. */
export function writerFor(id: string, fd: number): SessionWriter {
  let open = true;
  let syncing = false;
  let closeWhenSynced = false;
  const guard = (fn: () => void): string | undefined => {
    if (!open) return 'session file is closed';
    try {
      fn();
      return undefined;
    } catch (err) {
      return (err as Error).message;
    }
  };
  return {
    id,
    append: (record) => guard(() => writeAll(fd, `${JSON.stringify(record)}\n`)),
    flush: () =>
      guard(() => {
        if (syncing) return;
        syncing = true;
        // The descriptor stays open until the fsync is done (close() defers to it), so the fsync
        // can never reach a reused descriptor. A failure is dropped: the lines are already written.
        fsync(fd, () => {
          syncing = false;
          if (closeWhenSynced) close(fd, () => undefined);
        });
      }),
    close() {
      if (!open) return;
      open = false;
      if (syncing) {
        closeWhenSynced = true;
        return;
      }
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    },
  };
}
