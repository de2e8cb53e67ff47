/** Shared by the tests: temp folders that are removed after each test, and the real tasks folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { PACKAGE_DIR } from './main.js';

/** The package's real tasks. */
export const TASKS_DIR = join(PACKAGE_DIR, 'tasks');

/** Returns a function making temp dirs that are all removed after the current test. */
export function tempDirs(): (prefix?: string) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix = 'evals-test-') => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
