import path from 'node:path';
import { searchFiles } from './grep-pool.js';
import type { EngineResult, GrepRequest } from './grep-types.js';
import { walkFiles } from './walk.js';

/**
 * The built-in grep engine: walks with .gitignore, then reads each file into a reused buffer
 * (large searches share the files with a helper thread), skips it when the pattern's required
 * literal is absent (byte search) or when it holds a NUL byte (binary), and tests the candidate
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
  const hits = await searchFiles(files, scope.base, req);
  if (hits === undefined) return { ok: false, error: 'grep was cancelled.', aborted: true };
  return { ok: true, files: hits };
}
