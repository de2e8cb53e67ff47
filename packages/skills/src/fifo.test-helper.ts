import { execFileSync, spawn } from 'node:child_process';
import { afterEach } from 'vitest';

/**
 * Makes FIFOs for tests, each with a rescuer: a process that opens the FIFO for writing after
 * `rescueMs`, so code that blocks opening it (the bug under test) is freed and the test fails on
 * its elapsed time instead of hanging the test process. Rescuers are killed after each test.
 */
export function useFifos(rescueMs = 2_000): (file: string) => void {
  const rescuers: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of rescuers.splice(0)) child.kill('SIGKILL');
  });
  return (file) => {
    execFileSync('mkfifo', [file]);
    const rescuer = spawn(
      process.execPath,
      [
        '-e',
        `setTimeout(() => require('node:fs').closeSync(require('node:fs').openSync(${JSON.stringify(file)}, 'w')), ${rescueMs})`,
      ],
      { stdio: 'ignore' },
    );
    rescuers.push(rescuer);
  };
}

/** Runs `fn` and returns its result with the milliseconds it took. */
export async function timed<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}
