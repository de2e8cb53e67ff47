/**
 * The rewind store's log: one JSON line per record in `<dir>/log.jsonl`, appended as checkpoints
 * are taken and rewritten whole only when the oldest checkpoints are dropped. A line that does
 * not parse or fit is skipped on load (the store is a convenience: losing a checkpoint is said,
 * never fatal), so a torn last line after a crash costs that line only.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A file's content at a point: its blob's hash and its permission bits. */
export interface Entry {
  h: string;
  m: number;
}

/** Changes to the tree: a path's new content, or null when it was deleted. */
export type Changes = Record<string, Entry | null>;

export type LogRecord =
  /** The tree changed (found by a scan): the state after it is the state before with these applied. */
  | { t: 'delta'; changes: Changes }
  /** The state before a turn: the deltas before this record. `messages`: the transcript's length then. */
  | { t: 'checkpoint'; seq: number; text: string; at: string; messages: number }
  /** What the turn after checkpoint `seq` changed, by path. */
  | { t: 'turn'; seq: number; changed: string[] }
  /**
   * The conversation was compacted (every earlier checkpoint's `messages` is gone) or cut back to
   * checkpoint `from` (that one's and every later one's are).
   */
  | { t: 'conversation-reset'; from?: number };

const isEntry = (v: unknown): v is Entry =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Entry).h === 'string' &&
  /^[0-9a-f]{64}$/.test((v as Entry).h) &&
  Number.isInteger((v as Entry).m);

/** Checks one parsed line; undefined when it is not a record of this log. */
export function checkLogRecord(value: unknown): LogRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as Record<string, unknown>;
  switch (r.t) {
    case 'delta': {
      const changes = r.changes;
      if (typeof changes !== 'object' || changes === null) return undefined;
      const ok = Object.entries(changes).every(([p, e]) => safeRel(p) && (e === null || isEntry(e)));
      return ok ? { t: 'delta', changes: changes as Changes } : undefined;
    }
    case 'checkpoint':
      return Number.isInteger(r.seq) &&
        typeof r.text === 'string' &&
        typeof r.at === 'string' &&
        Number.isInteger(r.messages)
        ? { t: 'checkpoint', seq: r.seq as number, text: r.text, at: r.at, messages: r.messages as number }
        : undefined;
    case 'turn':
      return Number.isInteger(r.seq) && Array.isArray(r.changed) && r.changed.every((c) => typeof c === 'string')
        ? { t: 'turn', seq: r.seq as number, changed: r.changed as string[] }
        : undefined;
    case 'conversation-reset':
      return Number.isInteger(r.from)
        ? { t: 'conversation-reset', from: r.from as number }
        : { t: 'conversation-reset' };
    default:
      return undefined;
  }
}

/** A root-relative path a restore may use: no absolute path, no `..` or empty segment, no NUL. */
export function safeRel(rel: string): boolean {
  if (rel === '' || rel.includes('\0') || rel.startsWith('/') || path.isAbsolute(rel)) return false;
  return rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** Reads the log at `file`: its records in order and how many lines were skipped. */
export function readLog(file: string): { records: LogRecord[]; skipped: number } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { records: [], skipped: 0 };
  }
  const records: LogRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const record = checkLogRecord(parsed);
    if (record) records.push(record);
    else skipped++;
  }
  return { records, skipped };
}

/** Appends `records` to the log at `file` (its folder created private on first use). */
export function appendLog(file: string, records: readonly LogRecord[]): void {
  if (records.length === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.appendFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
}

/** Replaces the log at `file` with `records` (through a temporary file and a rename). */
export function writeLog(file: string, records: readonly LogRecord[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, records.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
