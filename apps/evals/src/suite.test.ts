import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTask } from './runner.js';
import { runSuite, suitePassed } from './suite.js';
import { loadTask, loadTasks } from './task-loader.js';
import { tempDirs, TASKS_DIR } from './test-support.test-helper.js';

const temp = tempDirs();

/** Copies a real task into a temp tasks folder so a test can break it without touching the repo. */
function copyTask(name: string): string {
  const dir = join(temp('evals-tasks-'), name);
  cpSync(join(TASKS_DIR, name), dir, { recursive: true });
  return dir;
}

describe('the offline suite', () => {
  it('passes every task against the scripted mock', async () => {
    const tasks = loadTasks(TASKS_DIR);
    expect(tasks.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'edit-after-read',
        'refuse-write-outside-root',
        'ask-bash-obey-denial',
        'skill-by-description',
        'forced-skill-reference',
        'allowed-tools-script',
        'model-invoked-skill-asks',
        'compaction-keeps-skill',
      ]),
    );
    const run = await runSuite(tasks, { backend: { kind: 'offline' }, sandboxBase: temp() });
    const failures = run.tasks.filter((t) => !t.passed).map((t) => `${t.task}: ${t.failures.join(' | ')}`);
    expect(failures).toEqual([]);
    expect(suitePassed(run)).toBe(true);
    for (const t of run.tasks) {
      expect(t.requests).toBeGreaterThan(0);
      expect(t.tokens.output).toBeGreaterThan(0);
    }
  });

  it('sends the same prompt prefix in two runs of a task, so token figures repeat exactly', async () => {
    const task = loadTask(join(TASKS_DIR, 'edit-after-read'));
    const base = temp();
    const first = await runTask(task, { backend: { kind: 'offline' }, sandboxBase: base });
    const second = await runTask(task, { backend: { kind: 'offline' }, sandboxBase: base });
    expect(first.passed && second.passed).toBe(true);
    expect(second.tokens).toEqual(first.tokens);
    expect(second.requests).toBe(first.requests);
  });
});

describe('checks have teeth', () => {
  it('fails a task whose check asks for text the file does not contain, naming the check', async () => {
    const dir = copyTask('edit-after-read');
    const yaml = readFileSync(join(dir, 'task.yaml'), 'utf8').replace(
      'checks:\n',
      'checks:\n  - file_contains: { path: greeting.txt, text: "Goodbye" }\n',
    );
    writeFileSync(join(dir, 'task.yaml'), yaml);
    const result = await runTask(loadTask(dir), { backend: { kind: 'offline' }, sandboxBase: temp() });
    expect(result.passed).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toContain('file_contains');
    expect(result.failures[0]).toContain('Goodbye');
    expect(result.failures[0]).toContain('Hello, world!');
  });

  it('fails when the user denies the edit: the file stays as it was and the script strays', async () => {
    const dir = copyTask('edit-after-read');
    const yaml = readFileSync(join(dir, 'task.yaml'), 'utf8').replace(
      'approvals: [once]',
      'approvals: [{ deny: "no" }]',
    );
    writeFileSync(join(dir, 'task.yaml'), yaml);
    const result = await runTask(loadTask(dir), { backend: { kind: 'offline' }, sandboxBase: temp() });
    expect(result.passed).toBe(false);
    expect(result.failures.some((f) => f.startsWith('file_contains') && f.includes('Helo, world!'))).toBe(true);
    expect(result.failures.some((f) => f.startsWith('file_not_contains'))).toBe(true);
  });

  it('fails when an approval question comes that the skill should have pre-approved', async () => {
    const dir = copyTask('allowed-tools-script');
    const skill = join(dir, 'skills/greet/SKILL.md');
    writeFileSync(skill, readFileSync(skill, 'utf8').replace('allowed-tools: Bash(sh:*)\n', ''));
    const result = await runTask(loadTask(dir), { backend: { kind: 'offline' }, sandboxBase: temp() });
    expect(result.passed).toBe(false);
    expect(result.failures).toContainEqual(expect.stringContaining('the ask callback was called 1 time(s)'));
    expect(result.failures.some((f) => f.startsWith('file_contains'))).toBe(true);
  });

  it('fails the compaction task when the context window is large enough that no compaction happens', async () => {
    const dir = copyTask('compaction-keeps-skill');
    const yaml = readFileSync(join(dir, 'task.yaml'), 'utf8').replace('contextWindow: 6000', 'contextWindow: 200000');
    writeFileSync(join(dir, 'task.yaml'), yaml);
    const result = await runTask(loadTask(dir), { backend: { kind: 'offline' }, sandboxBase: temp() });
    expect(result.passed).toBe(false);
    // The summary is the API's (no scripted turn waits for it), so no scripted turn fails: the
    // compaction check catches it (and, with the session's tools as they are now, the request-size
    // check does too, as requests grow with nothing compacted).
    expect(result.failures).toContainEqual(expect.stringContaining('no compaction happened'));
    expect(result.failures.every((f) => /no compaction happened|max_request_input_tokens/.test(f))).toBe(true);
  });

  it('never finds skills outside the task fixture: a task without skills gets no skill tool', async () => {
    const dir = copyTask('edit-after-read');
    const yaml = readFileSync(join(dir, 'task.yaml'), 'utf8').replace(
      'checks:\n',
      'checks:\n  - tools_called: [skill]\n',
    );
    writeFileSync(join(dir, 'task.yaml'), yaml);
    const result = await runTask(loadTask(dir), { backend: { kind: 'offline' }, sandboxBase: temp() });
    expect(result.failures).toEqual([expect.stringMatching(/^tools_called .*missing skill/)]);
  });
});
