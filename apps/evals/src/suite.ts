/**
 * Runs a list of tasks one after another (never concurrently: wall times and the mock's cache
 * model stay undisturbed) and gathers a RunResult stamped with the date, commit and model.
 */
import { execFileSync } from 'node:child_process';
import type { Backend } from './runner.js';
import { DEFAULT_MODEL, runTask } from './runner.js';
import type { RunResult, Task, TaskResult } from './types.js';

export interface SuiteOptions {
  backend: Backend;
  model?: string;
  sandboxBase?: string;
  /** Folder whose git HEAD names the commit; default the current directory. */
  repoDir?: string;
  /** Called after each task (the CLI prints a line). */
  onTask?: (result: TaskResult) => void;
}

/** `git rev-parse --short HEAD` in `dir`, or 'unknown' when that fails (not a repo, no git). */
export function currentCommit(dir?: string): string {
  try {
    return (
      execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/** Runs the tasks in order and returns the run's result (nothing is written here). */
export async function runSuite(tasks: readonly Task[], options: SuiteOptions): Promise<RunResult> {
  const date = new Date().toISOString();
  const model = options.model ?? DEFAULT_MODEL;
  const results: TaskResult[] = [];
  for (const task of tasks) {
    const result = await runTask(task, {
      backend: options.backend,
      model,
      ...(options.sandboxBase ? { sandboxBase: options.sandboxBase } : {}),
    });
    results.push(result);
    options.onTask?.(result);
  }
  return { date, commit: currentCommit(options.repoDir), model, mode: options.backend.kind, tasks: results };
}

/**
 * Whether a run counts as passed: offline every task must pass; live, a task marked `usually`
 * may fail (a live model is not deterministic) but an `always` task may not.
 */
export function suitePassed(run: RunResult): boolean {
  return run.tasks.every((t) => t.passed || (run.mode === 'live' && t.expectation === 'usually'));
}
