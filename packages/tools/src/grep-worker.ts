import { parentPort } from 'node:worker_threads';
import { CANCELLED, chunkCount, chunkSearch, NEXT_CHUNK, searchChunk } from './grep-chunks.js';
import { compilePattern } from './grep-regex.js';
import type { FileHits, GrepRequest } from './grep-types.js';

/** A search job for the helper thread: it claims chunks through `control` until none are left. */
export interface WorkerJob {
  id: number;
  files: string[];
  base: string;
  source: string;
  ignoreCase: boolean;
  mode: GrepRequest['mode'];
  control: Int32Array;
}

/** The helper's answers: one per chunk it searched, then `done` when it claims no more. */
export type WorkerReply = { id: number; chunk: number; hits: FileHits[] } | { id: number; done: true };

function run(job: WorkerJob): void {
  const compiled = compilePattern(job.source, job.ignoreCase);
  if (compiled.ok) {
    const search = chunkSearch(job.files, job.base, compiled.pattern, job.mode);
    const chunks = chunkCount(job.files);
    while (Atomics.load(job.control, CANCELLED) === 0) {
      const chunk = Atomics.add(job.control, NEXT_CHUNK, 1);
      if (chunk >= chunks) break;
      const hits: FileHits[] = [];
      searchChunk(search, chunk, hits);
      parentPort?.postMessage({ id: job.id, chunk, hits } satisfies WorkerReply);
    }
  }
  parentPort?.postMessage({ id: job.id, done: true } satisfies WorkerReply);
}

parentPort?.on('message', run);
