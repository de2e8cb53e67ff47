/**
 * METRICS.md: one appended row per task per run, under a header that explains the columns.
 * The file is only ever appended to, so it is a history that git diffs read well.
 */
import { existsSync } from 'node:fs';
import { appendRegularFile } from '@coding-harness/skills';
import { totalInput } from './tokens.js';
import type { RunResult } from './types.js';

/** The header written when the file does not exist yet. */
export const METRICS_HEADER = `# Eval metrics

One row per task per run of \`node apps/evals/dist/cli.js\` (rows are appended; never edit old ones).

- **date**: when the run started (UTC). **commit**: \`git rev-parse --short HEAD\` at the time (uncommitted changes are not marked).
- **model**: \`mock:<model>\` for offline runs against the scripted mock server, the model id for \`--live\` runs.
- **task**: the folder under \`apps/evals/tasks/\`. **result**: pass / fail (live \`usually\` tasks may fail without failing the run).
- **turns**: model replies. **requests**: model requests, compaction summaries included.
- **input**: all input tokens sent (uncached + cache read + cache write). **output**: output tokens.
- **cache read**: the share of that input read from the prompt cache.
- **wall ms**: wall time of the task, sandbox setup and checks included.

Offline token counts come from the mock's documented estimate (characters / 4) and cache model, so
they move only when what the harness sends changes: the prompt prefix is fixed (clock and work
root path), so a difference between two commits is a difference in the harness.

| date | commit | model | task | result | turns | requests | input | output | cache read | wall ms |
|---|---|---|---|---|---|---|---|---|---|---|
`;

/** The model column: `mock:<model>` offline, the model id live. */
export function modelLabel(run: RunResult): string {
  return run.mode === 'offline' ? `mock:${run.model}` : run.model;
}

/** The rows of one run, one per task, in the header's column order. */
export function metricsRows(run: RunResult): string[] {
  const date = run.date.slice(0, 16).replace('T', ' ');
  return run.tasks.map(
    (t) =>
      `| ${[date, run.commit, modelLabel(run), t.task, t.passed ? 'pass' : 'fail', t.turns, t.requests, totalInput(t.tokens), t.tokens.output, `${(t.cacheReadShare * 100).toFixed(1)}%`, t.wallMs].join(' | ')} |`,
  );
}

/**
 * Appends the run's rows to `file`, creating it (and its folder) with the header first. Only a
 * regular file is written (`--metrics` pointed at a FIFO or device throws naming it, at once).
 */
export function appendMetrics(file: string, run: RunResult): void {
  const text = `${existsSync(file) ? '' : METRICS_HEADER}${metricsRows(run).join('\n')}\n`;
  const error = appendRegularFile(file, text, { dirMode: 0o755 });
  if (error !== undefined) throw new Error(error);
}
