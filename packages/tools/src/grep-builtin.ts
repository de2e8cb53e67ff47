import path from 'node:path';
import { searchFiles } from './grep-search.js';
import type { EngineResult, GrepRequest } from './grep-types.js';
import { walkFiles } from './walk.js';

/**
 * The built-in grep engine: walks with .gitignore, then scans each file block by block, skips
 * it when the pattern's required literal is absent (byte search) or when it holds a NUL byte
 * (binary), and tests the candidate lines with the RE2 translation of the pattern.
 */
export async function grepBuiltin(req: GrepRequest): Promise<EngineResult> {
  const { scope } = req;
  let files: string[];
  const notes: string[] = [];
  if (scope.startIsFile) {
    files = [path.relative(scope.base, scope.start).split(path.sep).join('/')];
  } else {
    const walked = await walkFiles({
      base: scope.base,
      start: scope.start,
      signal: req.signal,
      ...(req.skip ? { skip: req.skip } : {}),
    });
    if (!walked.ok) return { ok: false, error: 'grep was cancelled.', aborted: true };
    files = walked.files;
    notes.push(...walked.notes);
  }
  if (req.fileFilter !== undefined) files = files.filter(req.fileFilter);
  const found = await searchFiles(files, scope.base, req);
  if (found === undefined) return { ok: false, error: 'grep was cancelled.', aborted: true };
  return { ok: true, files: found.files, notes: [...notes, ...found.notes] };
}
