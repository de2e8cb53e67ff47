import path from 'node:path';
import { matchLines, matchRequired } from './grep-match.js';
import { FileReader } from './grep-read.js';
import type { EngineResult, FileHits, GrepRequest, LineHit } from './grep-types.js';
import { walkFiles } from './walk.js';

const YIELD_EVERY = 256;

/** Searches one file's bytes: the matching lines, none for a binary file (a NUL byte anywhere). */
export function searchBuffer(buf: Buffer, req: Pick<GrepRequest, 'pattern' | 'mode'>, required: Buffer | undefined): LineHit[] {
  const firstOnly = req.mode === 'files';
  if (required !== undefined) {
    if (buf.indexOf(required) === -1) return [];
    const hits = matchRequired(buf, required, req.pattern, firstOnly);
    return hits.length > 0 && buf.indexOf(0) === -1 ? hits : [];
  }
  if (buf.indexOf(0) !== -1) return [];
  return matchLines(buf.toString('utf8'), req.pattern, firstOnly);
}

/** The byte form of the pattern's required literal, when it has one. */
export function requiredBytes(req: Pick<GrepRequest, 'pattern'>): Buffer | undefined {
  return req.pattern.required !== undefined ? Buffer.from(req.pattern.required) : undefined;
}

/**
 * The built-in grep engine: walks with .gitignore, reads each file into a reused buffer, skips
 * it when the pattern's required literal is absent (byte search) or when it holds a NUL byte
 * (binary), then tests lines with the JavaScript RegExp.
 */
export async function grepBuiltin(req: GrepRequest): Promise<EngineResult> {
  const { scope } = req;
  let files: string[];
  if (scope.startIsFile) {
    files = [path.relative(scope.base, scope.start).split(path.sep).join('/')];
  } else {
    const walked = await walkFiles({ base: scope.base, start: scope.start, signal: req.signal, ...(req.skip ? { skip: req.skip } : {}) });
    if (!walked.ok) return { ok: false, error: 'grep was cancelled.', aborted: true };
    files = walked.files;
  }
  if (req.fileFilter !== undefined) files = files.filter(req.fileFilter);
  const required = requiredBytes(req);
  const reader = new FileReader();
  const prefix = scope.base.endsWith('/') ? scope.base : `${scope.base}/`;
  const out: FileHits[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (req.signal.aborted) return { ok: false, error: 'grep was cancelled.', aborted: true };
    }
    const rel = files[i] ?? '';
    const buf = reader.read(prefix + rel);
    if (buf === undefined || buf === 'binary') continue;
    const lines = searchBuffer(buf, req, required);
    if (lines.length > 0) out.push({ rel, lines });
  }
  return { ok: true, files: out };
}
