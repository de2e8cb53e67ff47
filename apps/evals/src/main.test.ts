import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalPaths } from './main.js';
import { main } from './main.js';
import { loadTask, TaskError } from './task-loader.js';
import { tempDirs, TASKS_DIR } from './test-support.test-helper.js';

const temp = tempDirs();

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

function paths(): EvalPaths {
  const dir = temp();
  return {
    tasksDir: TASKS_DIR,
    metricsFile: join(dir, 'METRICS.md'),
    resultsDir: join(dir, 'results'),
    sandboxBase: join(dir, 'sandbox'),
  };
}

describe('main (the CLI)', () => {
  it('runs one task offline, appends metrics rows and writes a result file in the given places', async () => {
    const p = paths();
    const t = io();
    const code = await main(['--task', 'edit-after-read'], {}, t.io, p);
    expect(t.err).toEqual([]);
    expect(code).toBe(0);
    expect(t.out[0]).toMatch(/^pass edit-after-read \[always\]/);
    expect(t.out.at(-1)).toContain('1/1 tasks passed (offline');
    expect(readFileSync(p.metricsFile, 'utf8')).toMatch(/\| mock:claude-sonnet-5-5 \| edit-after-read \| pass \|/);
    const files = readdirSync(p.resultsDir);
    expect(files).toHaveLength(1);
    const t2 = io();
    expect(await main(['--compare', join(p.resultsDir, files[0]!), join(p.resultsDir, files[0]!)], {}, t2.io, p)).toBe(
      0,
    );
    expect(t2.out).toContainEqual(expect.stringMatching(/^edit-after-read: pass; requests 3;/));
  });

  it('exits 1 and prints the failed checks when a task fails', async () => {
    const p = paths();
    const tasks = temp();
    cpSync(join(TASKS_DIR, 'refuse-write-outside-root'), join(tasks, 'broken'), { recursive: true });
    const yaml = join(tasks, 'broken', 'task.yaml');
    writeFileSync(
      yaml,
      readFileSync(yaml, 'utf8').replace('checks:\n', 'checks:\n  - final_text_contains: "I wrote it"\n'),
    );
    const t = io();
    expect(await main([], {}, t.io, { ...p, tasksDir: tasks })).toBe(1);
    expect(t.out.join('\n')).toMatch(/FAIL broken[\s\S]*final_text_contains/);
    expect(readFileSync(p.metricsFile, 'utf8')).toContain('| broken | fail |');
  });

  it('refuses --live without ANTHROPIC_API_KEY in the env it is given, before running anything', async () => {
    const p = paths();
    const t = io();
    expect(await main(['--live'], {}, t.io, p)).toBe(2);
    expect(t.err.join('\n')).toContain('--live needs ANTHROPIC_API_KEY');
    expect(existsSync(p.metricsFile)).toBe(false);
  });

  it('reports usage errors with exit 2', async () => {
    const p = paths();
    for (const argv of [['--frob'], ['--compare', 'one'], ['stray'], ['--task', 'no-such-task']]) {
      const t = io();
      expect(await main(argv, {}, t.io, p)).toBe(2);
      expect(t.err.join('\n')).not.toBe('');
    }
  });
});

describe('loadTask', () => {
  it('names the file and the check when a task is invalid', () => {
    const dir = join(temp(), 'bad');
    mkdirSync(join(dir, 'workroot'), { recursive: true });
    writeFileSync(join(dir, 'script.yaml'), 'turns: []\n');
    writeFileSync(
      join(dir, 'task.yaml'),
      'prompt: hi\nexpectation: always\nchecks:\n  - file_contanis: { path: a, text: b }\n',
    );
    expect(() => loadTask(dir)).toThrow(TaskError);
    expect(() => loadTask(dir)).toThrow(/bad[\\/]task\.yaml: checks\[0\]: unknown check 'file_contanis'/);
    writeFileSync(join(dir, 'task.yaml'), 'prompt: hi\nexpectation: sometimes\nchecks:\n  - asks: 0\n');
    expect(() => loadTask(dir)).toThrow(/expectation/);
  });

  it('reads approvals, agent options and several prompts', () => {
    const task = loadTask(join(TASKS_DIR, 'compaction-keeps-skill'));
    expect(task.prompts).toHaveLength(3);
    expect(task.agent).toEqual({ autoSkills: false, contextWindow: 6000 });
    expect(task.skillsFixture).toBeDefined();
    expect(loadTask(join(TASKS_DIR, 'ask-bash-obey-denial')).approvals).toEqual([
      { type: 'deny', message: 'Do not delete anything; list the folder instead.' },
    ]);
  });
});
