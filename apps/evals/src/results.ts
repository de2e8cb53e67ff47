/**
 * Result files: each run's RunResult as JSON under `results/<commit>-<timestamp>.json`, and the
 * lookup `--compare` uses to turn a git revision into the newest result file of that commit.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceRegularFile } from '@coding-harness/skills';
import type { RunResult } from './types.js';

/** Writes the run to `<dir>/<commit>-<timestamp>.json` and returns the path. Timestamps sort as text. */
export function writeResultFile(dir: string, run: RunResult): string {
  const stamp = run.date.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const path = join(dir, `${run.commit}-${stamp}.json`);
  const error = replaceRegularFile(path, `${JSON.stringify(run, null, 2)}\n`, { dirMode: 0o755 });
  if (error !== undefined) throw new Error(error);
  return path;
}

/** Reads a result file; throws naming the file when it is not one. */
export function readResultFile(path: string): RunResult {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: not a readable result file: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const run = value as Partial<RunResult>;
  if (typeof run.commit !== 'string' || !Array.isArray(run.tasks))
    throw new Error(`${path}: not a result file (no commit or tasks)`);
  return run as RunResult;
}

/**
 * Resolves `--compare` arguments: an existing `.json` file is read as is; anything else is a git
 * revision whose full hash (via `git rev-parse` in `repoDir`) is matched against the commit of
 * each file in `dir`, newest file first. Throws a message naming the argument when nothing fits.
 */
export function resolveResult(arg: string, dir: string, repoDir?: string): { path: string; run: RunResult } {
  if (arg.endsWith('.json') && existsSync(arg)) return { path: arg, run: readResultFile(arg) };
  let full: string;
  try {
    full = execFileSync('git', ['rev-parse', '--verify', `${arg}^{commit}`], {
      cwd: repoDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch (err) {
    throw new Error(`${arg}: neither a result file nor a git revision`, { cause: err });
  }
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
    : [];
  for (const file of files) {
    const commit = file.slice(0, file.indexOf('-'));
    if (commit.length >= 4 && full.startsWith(commit))
      return { path: join(dir, file), run: readResultFile(join(dir, file)) };
  }
  throw new Error(
    `${arg}: no result file for commit ${full.slice(0, 10)} in ${dir} (run the evals at that commit first)`,
  );
}
