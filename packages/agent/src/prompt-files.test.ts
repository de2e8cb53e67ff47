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

/**
 * A FIFO, plus a rescuer that after 30 s leaves a mark and opens it from both ends, freeing code
 * blocked on it. Only code that waited on the FIFO is still there when the rescuer comes, so
 * `rescued()` false after the call means it never waited: an order of events, not a duration.
 */
function fifo(file: string): { rescued(): boolean } {
  execFileSync('mkfifo', [file]);
  const mark = `${file}.rescued`;
  const open = `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(mark)}, ''); fs.closeSync(fs.openSync(${JSON.stringify(file)}, 'r+'))`;
  rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => { ${open} }, 30000)`], { stdio: 'ignore' }));
  return { rescued: () => fs.existsSync(mark) };
}

describe('composeSystemPrompt: instruction files that are not plain files', () => {
  it('names an AGENTS.md that is a FIFO in a notice at once and still reads CLAUDE.md', async () => {
    const work = tempDir();
    const piped = fifo(path.join(work, 'AGENTS.md'));
    fs.writeFileSync(path.join(work, 'CLAUDE.md'), 'Run the tests with make check.\n');
    const r = await composeSystemPrompt({ workroot: work, date: new Date(0), instructionDirs: [work], skills: [] });
    expect(piped.rescued()).toBe(false);
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
