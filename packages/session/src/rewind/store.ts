/**
 * A session's checkpoints: the state of the files under the work root before each turn, kept as
 * a chain of changes (the first checkpoint stores every file; later ones only what a scan found
 * changed) over a blob store of contents, under a size cap. When the blobs outgrow the cap the
 * oldest checkpoints are dropped (folded into the new first one) and the caller is told. Nothing
 * here writes under the work root: restoring is restore.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createBlobStore } from './blobs.js';
import type { BlobStore } from './blobs.js';
import type { Changes, Entry, LogRecord } from './log.js';
import { appendLog, readLog, writeLog } from './log.js';
import { scanTree, statChanged } from './scan.js';
import { createCachedWalk } from '@coding-harness/tools';
import type { TreeStat } from './scan.js';

/** Files read at once by a scan. */
const READ_BATCH = 16;

export interface RewindStoreOptions {
  /** This session's folder (`$XDG_STATE_HOME/coding-harness/rewind/<session id>`). */
  dir: string;
  /** The work root, realpath'd. */
  root: string;
  /** Folders under the root never snapshotted (the state dir when it lies inside). */
  exclude: readonly string[];
  /** The most the blobs may take; the oldest checkpoints are dropped past it. */
  capBytes: number;
  /** Files bigger than this are not snapshotted (and so never restored or removed); said once each. */
  maxFileBytes: number;
  clock?: () => Date;
}

/** One checkpoint as listings show it. */
export interface CheckpointInfo {
  seq: number;
  /** The user's text of the turn that followed. */
  text: string;
  at: string;
  /** The transcript's length before that turn; undefined when a compaction or a cut since makes it meaningless. */
  messages: number | undefined;
  /** What that turn changed (empty: nothing, or it has not ended). */
  changed: string[];
}

/** The state at a checkpoint: path to content. */
export type TreeState = Map<string, Entry>;

export interface RewindStore {
  /** Records the state before a turn; notices say what was dropped or skipped. */
  checkpoint(turn: { text: string; messages: number }, signal?: AbortSignal): Promise<{ notices: string[] }>;
  /** Records what the turn after the last checkpoint changed; returns those paths. */
  afterTurn(signal?: AbortSignal): Promise<string[]>;
  /** Scans now and records any change (before and after a restore). */
  sync(signal?: AbortSignal): Promise<void>;
  /** The checkpoints still kept, oldest first. */
  list(): CheckpointInfo[];
  /** The files as they were at checkpoint `seq` (undefined when it was dropped). */
  stateAt(seq: number): TreeState | undefined;
  /** The files as the last scan found them. */
  current(): TreeState;
  blobs: BlobStore;
  /**
   * Transcript lengths no longer apply: every earlier checkpoint's (a compaction), or from
   * checkpoint `from` on (a conversation cut back to it).
   */
  conversationReset(from?: number): void;
  /** Bytes the blobs take now. */
  bytes(): number;
}

/** Opens (or starts) the store in `opts.dir`, replaying its log. */
export function openRewindStore(opts: RewindStoreOptions): { store: RewindStore; notices: string[] } {
  const clock = opts.clock ?? (() => new Date());
  const logFile = path.join(opts.dir, 'log.jsonl');
  const blobs = createBlobStore(path.join(opts.dir, 'blobs'));
  const loaded = readLog(logFile);
  const notices =
    loaded.skipped > 0 ? [`rewind: ${loaded.skipped} damaged line(s) of ${logFile} skipped`] : ([] as string[]);
  let records: LogRecord[] = loaded.records;
  const state: TreeState = fold(records, records.length);
  let stats: TreeStat = new Map();
  // Directory listings kept between scans: a checkpoint lists again only folders whose entries changed.
  const walker = createCachedWalk({ base: opts.root });
  const tooBig = new Set<string>();
  let overCapSaid = false;
  /** Said with the next checkpoint (what an after-turn scan dropped). */
  const pendingNotices: string[] = [];
  let seq = records.reduce((n, r) => (r.t === 'checkpoint' ? Math.max(n, r.seq) : n), 0);

  const add = (more: LogRecord[]): void => {
    records.push(...more);
    appendLog(logFile, more);
  };

  /** Scans, stores what changed, and returns the changes (empty when nothing did). */
  const scan = async (signal?: AbortSignal): Promise<Changes> => {
    const tree = await scanTree({ root: opts.root, exclude: opts.exclude, walker, ...(signal ? { signal } : {}) });
    if (!tree) return {};
    const changes: Changes = {};
    const reads: string[] = [];
    for (const [rel, st] of tree) {
      if (!statChanged(stats.get(rel), st)) continue;
      if (st.size > opts.maxFileBytes) {
        if (!tooBig.has(rel)) tooBig.add(rel);
        if (state.has(rel)) changes[rel] = null;
        continue;
      }
      reads.push(rel);
    }
    // Read and stored synchronously, a batch at a time with a turn of the event loop between
    // batches. (With the reads on libuv's threadpool, fs.promises, a TUI test of a command's live
    // output hung on its next request every time; the cause was not found, the sync reads do not.)
    for (let i = 0; i < reads.length; i += READ_BATCH) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.all(
        reads.slice(i, i + READ_BATCH).map(async (rel) => {
          let bytes: Buffer;
          try {
            bytes = fs.readFileSync(path.join(opts.root, rel));
          } catch {
            return; // gone since the scan
          }
          const entry = { h: await blobs.put(bytes), m: tree.get(rel)!.mode };
          const old = state.get(rel);
          if (old?.h !== entry.h || old.m !== entry.m) changes[rel] = entry;
        }),
      );
    }
    for (const rel of state.keys()) if (!tree.has(rel)) changes[rel] = null;
    stats = tree;
    for (const [rel, entry] of Object.entries(changes)) {
      if (entry === null) state.delete(rel);
      else state.set(rel, entry);
    }
    return changes;
  };

  const dropOldest = (): string[] => {
    const said: string[] = [];
    let dropped = 0;
    while (blobs.bytes() > opts.capBytes) {
      const marks = records.flatMap((r, i) => (r.t === 'checkpoint' ? [i] : []));
      const second = marks[1];
      if (second === undefined) break;
      records = [{ t: 'delta', changes: Object.fromEntries(fold(records, second)) }, ...records.slice(second)];
      dropped++;
      collect();
    }
    if (dropped > 0) {
      writeLog(logFile, records);
      said.push(
        `rewind: the checkpoint store passed its cap (${mb(opts.capBytes)}): the oldest ${dropped} checkpoint(s) were dropped`,
      );
    }
    if (blobs.bytes() > opts.capBytes && !overCapSaid) {
      overCapSaid = true;
      said.push(
        `rewind: the files under the work root alone take ${mb(blobs.bytes())}, over the store's cap (${mb(opts.capBytes)}); only the latest checkpoint is kept`,
      );
    }
    return said;
  };

  /** Deletes the blobs no kept record refers to. */
  const collect = (): void => {
    const used = new Set<string>();
    for (const r of records) if (r.t === 'delta') for (const e of Object.values(r.changes)) if (e) used.add(e.h);
    for (const hash of blobs.hashes()) if (!used.has(hash)) blobs.remove(hash);
  };

  /** One scan at a time: a checkpoint waits for the baseline a session started early. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };

  const store: RewindStore = {
    checkpoint: (turn, signal) =>
      serial(async () => {
        const changes = await scan(signal);
        const more: LogRecord[] = Object.keys(changes).length > 0 ? [{ t: 'delta', changes }] : [];
        more.push({ t: 'checkpoint', seq: ++seq, text: turn.text, at: clock().toISOString(), messages: turn.messages });
        add(more);
        const notices = [...pendingNotices.splice(0), ...dropOldest()];
        const big = [...tooBig].slice(0, 5);
        if (big.length > 0) {
          notices.push(
            `rewind: not snapshotted (over ${mb(opts.maxFileBytes)}), so never restored: ${big.join(', ')}${tooBig.size > 5 ? ', ...' : ''}`,
          );
          tooBig.clear();
        }
        return { notices };
      }),
    afterTurn: (signal) =>
      serial(async () => {
        const changes = await scan(signal);
        const changed = Object.keys(changes).sort();
        const more: LogRecord[] = changed.length > 0 ? [{ t: 'delta', changes }] : [];
        more.push({ t: 'turn', seq, changed });
        add(more);
        pendingNotices.push(...dropOldest());
        return changed;
      }),
    sync: (signal) =>
      serial(async () => {
        const changes = await scan(signal);
        if (Object.keys(changes).length > 0) add([{ t: 'delta', changes }]);
      }),
    list() {
      const out: CheckpointInfo[] = [];
      const changed = new Map<number, Set<string>>();
      let resetFrom = Number.POSITIVE_INFINITY;
      for (let i = records.length - 1; i >= 0; i--) {
        const r = records[i]!;
        if (r.t === 'conversation-reset') resetFrom = Math.min(resetFrom, r.from ?? Number.NEGATIVE_INFINITY);
        else if (r.t === 'turn')
          for (const p of r.changed) (changed.get(r.seq) ?? changed.set(r.seq, new Set()).get(r.seq)!).add(p);
        else if (r.t === 'checkpoint')
          out.unshift({
            seq: r.seq,
            text: r.text,
            at: r.at,
            messages: r.seq >= resetFrom ? undefined : r.messages,
            changed: [...(changed.get(r.seq) ?? [])].sort(),
          });
      }
      return out;
    },
    stateAt(at) {
      const index = records.findIndex((r) => r.t === 'checkpoint' && r.seq === at);
      return index < 0 ? undefined : fold(records, index);
    },
    current: () => new Map(state),
    blobs,
    conversationReset: (from) =>
      add([from === undefined ? { t: 'conversation-reset' } : { t: 'conversation-reset', from }]),
    bytes: () => blobs.bytes(),
  };
  return { store, notices };
}

/** The state after the deltas among the first `end` records. */
function fold(records: readonly LogRecord[], end: number): TreeState {
  const state: TreeState = new Map();
  for (let i = 0; i < end; i++) {
    const r = records[i]!;
    if (r.t !== 'delta') continue;
    for (const [rel, entry] of Object.entries(r.changes)) {
      if (entry === null) state.delete(rel);
      else state.set(rel, entry);
    }
  }
  return state;
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
