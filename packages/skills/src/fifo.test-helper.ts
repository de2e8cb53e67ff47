import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** FIFOs made by `useFifos`, and which of them had to be rescued. */
export interface Fifos {
  /** Makes a FIFO at `file`, with its rescuer. */
  (file: string): void;
  /** The FIFOs whose rescuer came: something waited on them. A test of "never blocks" expects []. */
  rescued(): string[];
}

/**
 * Makes FIFOs for tests of code that must never wait on one. Each has a rescuer: a process that,
 * after `rescueMs`, records that it came and then opens the FIFO for reading and writing, which
 * frees code blocked opening it from either end. Only code that blocked is ever still there when
 * the rescuer comes, so `rescued()` after the call says whether it waited: an order of events,
 * not a measured time, so a busy machine cannot fail a correct implementation (the delay is long;
 * a passing test never waits for it). Rescuers are killed after each test.
 */
export function useFifos(rescueMs = 30_000): Fifos {
  const rescuers: ReturnType<typeof spawn>[] = [];
  const marks = new Map<string, string>();
  let markDir: string | undefined;
  afterEach(() => {
    for (const child of rescuers.splice(0)) child.kill('SIGKILL');
    marks.clear();
    if (markDir) fs.rmSync(markDir, { recursive: true, force: true });
    markDir = undefined;
  });
  const make = (file: string): void => {
    markDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fifo-rescues-'));
    const mark = path.join(markDir, String(marks.size));
    marks.set(file, mark);
    execFileSync('mkfifo', [file]);
    const code = [
      "const fs = require('node:fs');",
      `fs.writeFileSync(${JSON.stringify(mark)}, '');`,
      `fs.closeSync(fs.openSync(${JSON.stringify(file)}, 'r+'));`,
    ].join(' ');
    rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => { ${code} }, ${rescueMs})`], { stdio: 'ignore' }));
  };
  return Object.assign(make, {
    rescued: () => [...marks].filter(([, mark]) => fs.existsSync(mark)).map(([file]) => file),
  });
}
