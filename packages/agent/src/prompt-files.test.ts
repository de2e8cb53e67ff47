import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeSystemPrompt } from './prompt.js';

const made: string[] = [];
const rescuers: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of rescuers.splice(0)) child.kill('SIGKILL');
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-prompt-')));
  made.push(dir);
  return dir;
}

/** A FIFO, plus a process that opens it for writing after 2 s: code that blocks on it is freed and fails on time instead of hanging the test. */
function fifo(file: string): void {
  execFileSync('mkfifo', [file]);
  const open = `require('node:fs').closeSync(require('node:fs').openSync(${JSON.stringify(file)}, 'w'))`;
  rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => ${open}, 2000)`], { stdio: 'ignore' }));
}

describe('composeSystemPrompt: instruction files that are not plain files', () => {
  it('names an AGENTS.md that is a FIFO in a notice at once and still reads CLAUDE.md', async () => {
    const work = tempDir();
    fifo(path.join(work, 'AGENTS.md'));
    fs.writeFileSync(path.join(work, 'CLAUDE.md'), 'Run the tests with make check.\n');
    const start = performance.now();
    const r = await composeSystemPrompt({ workroot: work, date: new Date(0), instructionDirs: [work], skills: [] });
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(r.notices).toEqual([
      `could not read ${path.join(work, 'AGENTS.md')}: it is a FIFO, socket or device, not a regular file: it was not read`,
    ]);
    expect(r.blocks.map((b) => b.text.split('\n')[0])).toEqual([
      expect.any(String),
      `# CLAUDE.md (${path.join(work, 'CLAUDE.md')})`,
    ]);
  });

  it('names an AGENTS.md that is a folder or a link to a device, and skips a missing one silently', async () => {
    const work = tempDir();
    fs.mkdirSync(path.join(work, 'AGENTS.md'));
    fs.symlinkSync('/dev/zero', path.join(work, 'CLAUDE.md'));
    const empty = tempDir();
    const r = await composeSystemPrompt({
      workroot: work,
      date: new Date(0),
      instructionDirs: [empty, work],
      skills: [],
    });
    expect(r.notices).toEqual([
      `could not read ${path.join(work, 'AGENTS.md')}: it is a folder, not a regular file`,
      `could not read ${path.join(work, 'CLAUDE.md')}: it is a FIFO, socket or device, not a regular file: it was not read`,
    ]);
    expect(r.blocks).toHaveLength(1);
  });
});
