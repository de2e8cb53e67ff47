/**
 * `--compare A B`: what changed per task between two runs. Tokens, requests and the cache share
 * are the figures that matter offline (they are deterministic); wall time is shown but noisy.
 */
import { totalInput } from './tokens.js';
import type { RunResult, TaskResult } from './types.js';

/** One task's figures in both runs; a side is undefined when the task is missing from that run. */
export interface TaskDiff {
  task: string;
  a?: TaskResult;
  b?: TaskResult;
}

/** Pairs the tasks of two runs by name, in A's order then B's new tasks. */
export function diffRuns(a: RunResult, b: RunResult): TaskDiff[] {
  const names = [...new Set([...a.tasks.map((t) => t.task), ...b.tasks.map((t) => t.task)])];
  return names.map((task) => {
    const ta = a.tasks.find((t) => t.task === task);
    const tb = b.tasks.find((t) => t.task === task);
    return { task, ...(ta ? { a: ta } : {}), ...(tb ? { b: tb } : {}) };
  });
}

function delta(a: number, b: number): string {
  const d = b - a;
  const pct = a === 0 ? '' : ` (${d >= 0 ? '+' : ''}${((d / a) * 100).toFixed(1)}%)`;
  return d === 0 ? `${b}` : `${a} -> ${b}${pct}`;
}

function share(a: number, b: number): string {
  const f = (x: number): string => `${(x * 100).toFixed(1)}%`;
  return a === b ? f(b) : `${f(a)} -> ${f(b)}`;
}

function status(t: TaskResult): string {
  return t.passed ? 'pass' : 'fail';
}

/** The comparison as printable lines: a heading per run, then one line per task. */
export function formatComparison(a: RunResult, b: RunResult, labels: [string, string] = ['A', 'B']): string[] {
  const lines = [
    `${labels[0]}: ${a.commit} ${a.mode} ${a.model} ${a.date}`,
    `${labels[1]}: ${b.commit} ${b.mode} ${b.model} ${b.date}`,
  ];
  if (a.mode !== b.mode || a.model !== b.model)
    lines.push('note: the runs differ in mode or model, so token figures are not comparable');
  for (const d of diffRuns(a, b)) {
    if (!d.a || !d.b) {
      lines.push(`${d.task}: only in ${d.a ? labels[0] : labels[1]}`);
      continue;
    }
    const x = d.a;
    const y = d.b;
    const result = x.passed === y.passed ? status(y) : `${status(x)} -> ${status(y)}`;
    lines.push(
      `${d.task}: ${result}; requests ${delta(x.requests, y.requests)}; turns ${delta(x.turns, y.turns)}; input ${delta(totalInput(x.tokens), totalInput(y.tokens))}; ` +
        `output ${delta(x.tokens.output, y.tokens.output)}; cache read ${share(x.cacheReadShare, y.cacheReadShare)}; wall ms ${delta(x.wallMs, y.wallMs)}`,
    );
  }
  return lines;
}
