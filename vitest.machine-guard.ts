/**
 * A setup file every workspace's vitest config loads (`machineGuard` in vitest.shared.ts): after
 * each test file it checks that the machine is as the file found it, so a test that damages it
 * fails by name instead of leaving a broken machine for whatever runs next.
 *
 * - /dev/null is still the null device (a character device with the same device number and
 *   mode): a `rename` onto it, as root, once turned it into an ordinary file mid-run.
 * - The harness's own folders under the real home (config, state, code cache) are as they were:
 *   tests give every harness they run a temp home and XDG folders.
 *
 * Test files run in parallel (and turbo runs packages side by side), so a change is reported by
 * every file running at that moment; the message says so. `.ci/run` checks the whole home, once.
 */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** The real home, as the test process started (a test may point process.env.HOME elsewhere). */
const realHome = process.env.HOME;

/** What the harness writes under a home when nothing points it elsewhere. */
const HARNESS_DIRS = ['.config/coding-harness', '.local/state/coding-harness', '.cache/coding-harness'];

function nullDevice(): string {
  try {
    const st = lstatSync('/dev/null');
    if (!st.isCharacterDevice()) return `not a character device (mode ${st.mode.toString(8)}, ${st.size} bytes)`;
    return `a character device ${st.rdev}, mode ${st.mode.toString(8)}`;
  } catch (err) {
    return `unreadable (${(err as Error).message})`;
  }
}

/** Each file and folder under the harness's folders in the real home, with its size and mtime. */
function harnessFiles(): Map<string, string> {
  const out = new Map<string, string>();
  if (realHome === undefined || !path.isAbsolute(realHome)) return out;
  for (const dir of HARNESS_DIRS) {
    const abs = path.join(realHome, dir);
    let names: string[];
    try {
      names = readdirSync(abs, { recursive: true, encoding: 'utf8' });
    } catch {
      continue; // not there (the usual case)
    }
    out.set(dir, 'folder');
    for (const name of names) {
      try {
        const st = lstatSync(path.join(abs, name));
        out.set(path.join(dir, name), st.isDirectory() ? 'folder' : `${st.size}:${st.mtimeMs}`);
      } catch {
        // removed while listed
      }
    }
  }
  return out;
}

let devNullBefore = '';
let homeBefore = new Map<string, string>();

beforeAll(() => {
  devNullBefore = nullDevice();
  homeBefore = harnessFiles();
});

afterAll(() => {
  const devNullAfter = nullDevice();
  if (devNullAfter !== devNullBefore)
    throw new Error(
      `/dev/null was ${devNullBefore} before this test file and is ${devNullAfter} after it: a test here, or one running ` +
        'at the same time, replaced or changed it (a rename or chmod onto it, run as root)',
    );
  const after = harnessFiles();
  const changed = [...new Set([...homeBefore.keys(), ...after.keys()])]
    .filter((file) => homeBefore.get(file) !== after.get(file))
    .sort();
  if (changed.length > 0)
    throw new Error(
      `the harness's folders in the real home (${realHome}) changed during this test file: ${changed.slice(0, 5).join(', ')}` +
        `${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}. A test here, or one running at the same time, ran ` +
        'the harness without a temp HOME / XDG_CONFIG_HOME / XDG_STATE_HOME / XDG_CACHE_HOME',
    );
});
