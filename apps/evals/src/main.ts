/**
 * The eval CLI as a function: parses argv, runs the suite (offline or `--live`) or a comparison,
 * writes METRICS.md rows and a result file, and returns the exit code. Reads the environment
 * only from the `env` it is given, and prints only through `io`.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatComparison } from './compare.js';
import { appendMetrics } from './metrics.js';
import { resolveResult, writeResultFile } from './results.js';
import type { Backend } from './runner.js';
import { runSuite, suitePassed } from './suite.js';
import { loadTasks } from './task-loader.js';
import { totalInput } from './tokens.js';
import type { TaskResult } from './types.js';

/** The package folder (`apps/evals`), found from this file's place in src/ or dist/. */
export const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where things are read and written; every path can be overridden (tests use temp dirs). */
export interface EvalPaths {
  tasksDir: string;
  metricsFile: string;
  resultsDir: string;
  sandboxBase?: string;
}

/** The defaults: `tasks/`, `METRICS.md` and `results/` in the package folder. */
export function defaultPaths(): EvalPaths {
  return {
    tasksDir: join(PACKAGE_DIR, 'tasks'),
    metricsFile: join(PACKAGE_DIR, 'METRICS.md'),
    resultsDir: join(PACKAGE_DIR, 'results'),
  };
}

export interface MainIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The usage text printed for --help and after a usage error. */
export const USAGE = `usage: node apps/evals/dist/cli.js [--live] [--task NAME]... [--model ID] [--metrics FILE] [--results DIR]
       node apps/evals/dist/cli.js --compare A B     (A, B: git revisions or result .json files)

Offline by default (the scripted mock server). --live uses the real API and needs ANTHROPIC_API_KEY
(ANTHROPIC_BASE_URL is honoured). Exit 0 when the run passed, 1 when a task failed, 2 on a usage error.`;

/** Runs the CLI; resolves to the exit code (never calls process.exit). */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: MainIo,
  paths: EvalPaths = defaultPaths(),
): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        live: { type: 'boolean' },
        task: { type: 'string', multiple: true },
        model: { type: 'string' },
        metrics: { type: 'string' },
        results: { type: 'string' },
        compare: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const resultsDir = values.results ?? paths.resultsDir;
  if (values.compare) {
    if (positionals.length !== 2) {
      io.err(`--compare needs exactly two arguments (git revisions or result files)\n${USAGE}`);
      return 2;
    }
    return compare(positionals[0] as string, positionals[1] as string, resultsDir, io);
  }
  if (positionals.length > 0) {
    io.err(`unexpected argument '${positionals[0]}'\n${USAGE}`);
    return 2;
  }
  let backend: Backend = { kind: 'offline' };
  if (values.live) {
    const apiKey = env.ANTHROPIC_API_KEY;
    if (!apiKey) {
      io.err(
        '--live needs ANTHROPIC_API_KEY in the environment; without it, run offline (no --live) against the scripted mock.',
      );
      return 2;
    }
    backend = { kind: 'live', apiKey, ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}) };
  }
  let tasks;
  try {
    tasks = loadTasks(paths.tasksDir, values.task);
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 2;
  }
  const run = await runSuite(tasks, {
    backend,
    ...(values.model ? { model: values.model } : {}),
    ...(paths.sandboxBase ? { sandboxBase: paths.sandboxBase } : {}),
    repoDir: PACKAGE_DIR,
    onTask: (r) => io.out(taskLine(r)),
  });
  const metricsFile = values.metrics ?? paths.metricsFile;
  appendMetrics(metricsFile, run);
  const resultFile = writeResultFile(resultsDir, run);
  const failed = run.tasks.filter((t) => !t.passed).length;
  io.out(
    `${run.tasks.length - failed}/${run.tasks.length} tasks passed (${run.mode}, ${run.model}, commit ${run.commit}); rows appended to ${metricsFile}; result ${resultFile}`,
  );
  return suitePassed(run) ? 0 : 1;
}

function taskLine(r: TaskResult): string {
  const head = `${r.passed ? 'pass' : 'FAIL'} ${r.task} [${r.expectation}] ${r.requests} requests, ${totalInput(r.tokens)} in (${(r.cacheReadShare * 100).toFixed(1)}% cache read) / ${r.tokens.output} out, ${r.wallMs} ms`;
  return [head, ...r.failures.map((f) => `    ${f}`)].join('\n');
}

function compare(a: string, b: string, resultsDir: string, io: MainIo): number {
  try {
    const ra = resolveResult(a, resultsDir, PACKAGE_DIR);
    const rb = resolveResult(b, resultsDir, PACKAGE_DIR);
    for (const line of formatComparison(ra.run, rb.run, [`A (${ra.path})`, `B (${rb.path})`])) io.out(line);
    return 0;
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 2;
  }
}
