import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CANCELLED, chunkCount, chunkSearch, NEXT_CHUNK, searchChunk } from './grep-chunks.js';
import type { FileHits, GrepRequest } from './grep-types.js';
import type { WorkerJob, WorkerReply } from './grep-worker.js';

/** Below this many files a search stays on the calling thread. */
export const PARALLEL_MIN_FILES = 1024;

interface Job {
  onReply(reply: WorkerReply): void;
  onFail(): void;
}

interface Helper {
  worker: Worker;
  jobs: Map<number, Job>;
}

/** undefined: not started yet; null: unavailable (no compiled worker file, or it failed once). */
let helper: Helper | null | undefined;
let nextJobId = 1;

/**
 * The helper thread, started on first use and kept for later searches (unref'd while idle, so
 * it never keeps the process alive). None when the package runs from its TypeScript sources
 * (no compiled `grep-worker.js` next to this file) or after the thread failed once.
 */
function getHelper(): Helper | undefined {
  if (helper !== undefined) return helper ?? undefined;
  const url = new URL('./grep-worker.js', import.meta.url);
  if (!fs.existsSync(fileURLToPath(url))) {
    helper = null;
    return undefined;
  }
  const h: Helper = { worker: new Worker(url), jobs: new Map() };
  h.worker.unref();
  h.worker.on('message', (reply: WorkerReply) => h.jobs.get(reply.id)?.onReply(reply));
  const fail = (): void => {
    helper = null;
    const jobs = [...h.jobs.values()];
    h.jobs.clear();
    for (const job of jobs) job.onFail();
  };
  h.worker.on('error', fail);
  h.worker.on('exit', fail);
  helper = h;
  return h;
}

function release(h: Helper, id: number): void {
  h.jobs.delete(id);
  if (h.jobs.size === 0) h.worker.unref();
}

/**
 * Searches `files` (relative to `base`) on this thread and, for large lists, on a helper thread
 * at the same time: both claim chunks of files from a shared counter, so a busy core simply
 * takes fewer. Chunks the helper claimed but never answered (it died) are searched here, so the
 * result never depends on the helper. The matching files come in no particular order;
 * undefined when the signal aborted the search.
 */
export async function searchFiles(files: string[], base: string, req: Pick<GrepRequest, 'pattern' | 'mode' | 'signal'>): Promise<FileHits[] | undefined> {
  const search = chunkSearch(files, base, req.pattern, req.mode);
  const chunks = chunkCount(files);
  const control = new Int32Array(new SharedArrayBuffer(8));
  const done = new Uint8Array(chunks);
  const out: FileHits[] = [];
  let helperDone: Promise<void> = Promise.resolve();
  const h = files.length >= PARALLEL_MIN_FILES ? getHelper() : undefined;
  if (h !== undefined) {
    const id = nextJobId++;
    helperDone = new Promise((resolve) => {
      h.jobs.set(id, {
        onReply(reply) {
          if ('done' in reply) {
            release(h, id);
            resolve();
            return;
          }
          done[reply.chunk] = 1;
          for (const hit of reply.hits) out.push(hit);
        },
        onFail: resolve,
      });
    });
    h.worker.ref();
    const job: WorkerJob = { id, files, base, source: req.pattern.source, ignoreCase: req.pattern.ignoreCase, mode: req.mode, control };
    h.worker.postMessage(job);
  }
  for (;;) {
    if (req.signal.aborted) {
      Atomics.store(control, CANCELLED, 1);
      return undefined;
    }
    const chunk = Atomics.add(control, NEXT_CHUNK, 1);
    if (chunk >= chunks) break;
    searchChunk(search, chunk, out);
    done[chunk] = 1;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await helperDone;
  if (req.signal.aborted) return undefined;
  for (let chunk = 0; chunk < chunks; chunk++) if (done[chunk] === 0) searchChunk(search, chunk, out);
  return out;
}
