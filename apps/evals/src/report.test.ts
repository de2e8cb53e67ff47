import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffRuns, formatComparison } from './compare.js';
import { appendMetrics, METRICS_HEADER, metricsRows } from './metrics.js';
import { readResultFile, resolveResult, writeResultFile } from './results.js';
import { tempDirs } from './test-support.test-helper.js';
import type { RunResult, TaskResult } from './types.js';

const temp = tempDirs();

function task(name: string, over: Partial<TaskResult> = {}): TaskResult {
  return {
    task: name,
    expectation: 'always',
    passed: true,
    failures: [],
    turns: 3,
    requests: 3,
    tokens: { input: 100, output: 50, cacheRead: 300, cacheWrite: 100 },
    cacheReadShare: 0.6,
    wallMs: 120,
    ...over,
  };
}

function run(commit: string, date: string, tasks: TaskResult[]): RunResult {
  return { date, commit, model: 'claude-sonnet-5-5', mode: 'offline', tasks };
}

describe('compare', () => {
  it('prints per-task differences between two result files', () => {
    const dir = temp();
    const a = writeResultFile(dir, run('aaaaaaa', '2026-01-01T10:00:00.000Z', [task('edit'), task('gone')]));
    const b = writeResultFile(
      dir,
      run('bbbbbbb', '2026-01-02T10:00:00.000Z', [
        task('edit', {
          passed: false,
          requests: 4,
          tokens: { input: 150, output: 50, cacheRead: 300, cacheWrite: 100 },
          cacheReadShare: 0.55,
        }),
        task('new'),
      ]),
    );
    expect(a).toBe(join(dir, 'aaaaaaa-20260101T100000Z.json'));
    const lines = formatComparison(resolveResult(a, dir).run, resolveResult(b, dir).run);
    expect(lines[0]).toContain('aaaaaaa');
    expect(lines[1]).toContain('bbbbbbb');
    const edit = lines.find((l) => l.startsWith('edit:'));
    expect(edit).toContain('pass -> fail');
    expect(edit).toContain('requests 3 -> 4 (+33.3%)');
    expect(edit).toContain('input 500 -> 550 (+10.0%)');
    expect(edit).toContain('output 50;');
    expect(edit).toContain('cache read 60.0% -> 55.0%');
    expect(lines).toContain('gone: only in A');
    expect(lines).toContain('new: only in B');
  });

  it('pairs tasks by name and warns when mode or model differ', () => {
    const a = run('a1', '2026-01-01T00:00:00.000Z', [task('x')]);
    const b: RunResult = { ...run('b1', '2026-01-01T00:00:00.000Z', [task('x')]), mode: 'live' };
    expect(diffRuns(a, b).map((d) => [d.task, Boolean(d.a), Boolean(d.b)])).toEqual([['x', true, true]]);
    expect(formatComparison(a, b)).toContainEqual(expect.stringContaining('not comparable'));
  });

  it('resolves a git revision to the newest result file of that commit', () => {
    const repo = temp();
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: repo,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@x',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@x',
        },
      }).trim();
    git('init', '-q');
    writeFileSync(join(repo, 'f'), '1');
    git('add', 'f');
    git('commit', '-q', '-m', 'one');
    const short = git('rev-parse', '--short', 'HEAD');
    const dir = join(repo, 'results');
    writeResultFile(dir, run(short, '2026-01-01T00:00:00.000Z', [task('old')]));
    writeResultFile(dir, run(short, '2026-01-03T00:00:00.000Z', [task('newest')]));
    writeResultFile(dir, run('fffffff', '2026-01-05T00:00:00.000Z', [task('other')]));
    expect(resolveResult('HEAD', dir, repo).run.tasks[0]?.task).toBe('newest');
    expect(() => resolveResult('no-such-rev', dir, repo)).toThrow(/neither a result file nor a git revision/);
    writeFileSync(join(repo, 'f'), '2');
    git('commit', '-q', '-am', 'two');
    expect(() => resolveResult('HEAD', dir, repo)).toThrow(/no result file for commit/);
  });

  it('rejects a JSON file that is not a result file', () => {
    const file = join(temp(), 'x.json');
    writeFileSync(file, '{"hello": 1}');
    expect(() => readResultFile(file)).toThrow(/not a result file/);
  });
});

describe('METRICS.md', () => {
  it('writes the header once and appends one row per task per run', () => {
    const file = join(temp(), 'sub', 'METRICS.md');
    appendMetrics(file, run('abc1234', '2026-02-03T04:05:06.000Z', [task('edit'), task('deny', { passed: false })]));
    appendMetrics(file, run('abc1235', '2026-02-04T04:05:06.000Z', [task('edit')]));
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(METRICS_HEADER)).toBe(true);
    expect(text.split(METRICS_HEADER)).toHaveLength(2);
    const rows = text.slice(METRICS_HEADER.length).trim().split('\n');
    expect(rows).toEqual([
      '| 2026-02-03 04:05 | abc1234 | mock:claude-sonnet-5-5 | edit | pass | 3 | 3 | 500 | 50 | 60.0% | 120 |',
      '| 2026-02-03 04:05 | abc1234 | mock:claude-sonnet-5-5 | deny | fail | 3 | 3 | 500 | 50 | 60.0% | 120 |',
      '| 2026-02-04 04:05 | abc1235 | mock:claude-sonnet-5-5 | edit | pass | 3 | 3 | 500 | 50 | 60.0% | 120 |',
    ]);
  });

  it('refuses a --metrics path that is a FIFO or a link to /dev/null at once, naming it, and leaves it as it was', () => {
    const dir = temp();
    const fifo = join(dir, 'metrics.fifo');
    execFileSync('mkfifo', [fifo]);
    const nul = join(dir, 'METRICS.md');
    symlinkSync('/dev/null', nul);
    const before = statSync('/dev/null');
    const one = run('abc1234', '2026-02-03T04:05:06.000Z', [task('edit')]);
    expect(() => appendMetrics(fifo, one)).toThrow(`${fifo} is a FIFO (named pipe), not a regular file`);
    expect(() => appendMetrics(nul, one)).toThrow(/METRICS\.md is a symbolic link to a character device/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const after = statSync('/dev/null');
    expect([after.isCharacterDevice(), after.rdev, after.mode]).toEqual([true, before.rdev, before.mode]);
  });

  it('has as many cells per row as the header has columns', () => {
    const header = METRICS_HEADER.trim().split('\n').at(-2) ?? '';
    const row = metricsRows({ ...run('c', '2026-01-01T00:00:00.000Z', [task('t')]), mode: 'live' })[0] ?? '';
    expect(row.split('|').length).toBe(header.split('|').length);
    expect(row).toContain('| claude-sonnet-5-5 |');
  });
});

describe('result files', () => {
  it('round-trips a run', () => {
    const dir = join(temp(), 'results');
    mkdirSync(dir);
    const original = run('1234567', '2026-01-01T00:00:00.123Z', [task('a')]);
    const path = writeResultFile(dir, original);
    expect(existsSync(path)).toBe(true);
    expect(readResultFile(path)).toEqual(original);
  });
});
