import fs from 'node:fs';
import path from 'node:path';
import type { EngineResult, FileHits, GrepRequest } from './grep-types.js';
import { matchLines } from './grep-types.js';
import { walkFiles } from './walk.js';

const YIELD_EVERY = 256;

/**
 * The built-in grep engine: walks with .gitignore, reads each file as a buffer, skips it when
 * a literal pattern is absent (byte search) or when it holds a NUL byte (binary), then tests
 * lines with the JavaScript RegExp.
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
  const literal = req.pattern.required !== undefined ? Buffer.from(req.pattern.required) : undefined;
  const out: FileHits[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (req.signal.aborted) return { ok: false, error: 'grep was cancelled.', aborted: true };
    }
    const rel = files[i] ?? '';
    let buf: Buffer;
    try {
      buf = fs.readFileSync(path.join(scope.base, rel));
    } catch {
      continue;
    }
    if (literal !== undefined && buf.indexOf(literal) === -1) continue;
    if (buf.indexOf(0) !== -1) continue;
    const lines = matchLines(buf.toString('utf8'), req.pattern, req.mode === 'files');
    if (lines.length > 0) out.push({ rel, lines });
  }
  return { ok: true, files: out };
}
