/**
 * A setup file every workspace's vitest config loads (`testDefaults` in vitest.shared.ts): after
 * each test file it checks that /dev/null is still the null device (a character device with the
 * same device number and mode), so a test that replaces it (a `rename` onto it as root once turned
 * it into an ordinary file mid-run) fails by name instead of leaving a broken machine behind.
 *
 * Test files run in parallel (and turbo runs packages side by side), so a change is reported by
 * every file running at that moment; the message says so. Writes under the real home are checked
 * once, by `.ci/run`, on a machine of its own: on a shared one, other people's processes (a
 * `harness` run by hand writes its code cache there) would fail whichever file was running.
 */
import { lstatSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

function nullDevice(): string {
  try {
    const st = lstatSync('/dev/null');
    if (!st.isCharacterDevice()) return `not a character device (mode ${st.mode.toString(8)}, ${st.size} bytes)`;
    return `a character device ${st.rdev}, mode ${st.mode.toString(8)}`;
  } catch (err) {
    return `unreadable (${(err as Error).message})`;
  }
}

let before = '';

beforeAll(() => {
  before = nullDevice();
});

afterAll(() => {
  const after = nullDevice();
  if (after !== before)
    throw new Error(
      `/dev/null was ${before} before this test file and is ${after} after it: a test here, or one running ` +
        'at the same time, replaced or changed it (a rename or chmod onto it, run as root)',
    );
});
