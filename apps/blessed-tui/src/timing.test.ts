/** The start-up timing file (HARNESS_TUI_TIMING): appended to when regular, never waited on or replaced otherwise. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mark } from './timing.js';

const dirs: string[] = [];
const rescuers: ReturnType<typeof spawn>[] = [];
const saved = process.env.HARNESS_TUI_TIMING;
afterEach(() => {
  for (const child of rescuers.splice(0)) child.kill('SIGKILL');
  if (saved === undefined) delete process.env.HARNESS_TUI_TIMING;
  else process.env.HARNESS_TUI_TIMING = saved;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'tui-timing-'));
  dirs.push(d);
  return d;
}

describe('mark', () => {
  it('appends the marks as one JSON line at the first frame', () => {
    const file = join(temp(), 'timing.jsonl');
    process.env.HARNESS_TUI_TIMING = file;
    mark('start');
    mark('first_frame');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(
      expect.arrayContaining(['start', 'first_frame']),
    );
  });

  it('a FIFO nobody reads (or /dev/null) is left alone: the call returns at once and the screen goes on', () => {
    const fifo = join(temp(), 'timing.fifo');
    execFileSync('mkfifo', [fifo]);
    // A rescuer opens the FIFO's other end after 30 s, leaving a mark: only a call that blocked
    // on the FIFO is still waiting then, so no mark means it never waited.
    const code = `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(`${fifo}.rescued`)}, ''); fs.closeSync(fs.openSync(${JSON.stringify(fifo)}, 'r+'));`;
    rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => { ${code} }, 30000)`], { stdio: 'ignore' }));
    process.env.HARNESS_TUI_TIMING = fifo;
    expect(() => mark('first_frame')).not.toThrow();
    expect(existsSync(`${fifo}.rescued`)).toBe(false);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const before = lstatSync('/dev/null');
    process.env.HARNESS_TUI_TIMING = '/dev/null';
    mark('first_frame');
    const after = lstatSync('/dev/null');
    expect([after.isCharacterDevice(), after.rdev, after.mode]).toEqual([true, before.rdev, before.mode]);
  });
});
