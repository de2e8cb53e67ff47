/**
 * A session file that is no longer a regular file (a link to /dev/null, a FIFO) when a session is
 * resumed or created: refused with a message naming the file, never waited on, and /dev/null is
 * still the machine's character device afterwards, with its mode (root runs these tests too).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.js';
import { cleanup, tempDir } from './testing/kit.test.util.js';

const rescuers: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const child of rescuers.splice(0)) child.kill('SIGKILL');
  await cleanup();
});

const devNull = () => {
  const st = lstatSync('/dev/null');
  return { char: st.isCharacterDevice(), rdev: st.rdev, mode: st.mode };
};

/** A FIFO whose rescuer, after 30 s, marks that it came and opens both ends (only a blocked caller is still waiting then). */
function fifoAt(file: string): () => boolean {
  execFileSync('mkfifo', [file]);
  const mark = `${file}.rescued`;
  const code = `const fs = require('node:fs'); fs.writeFileSync(${JSON.stringify(mark)}, ''); fs.closeSync(fs.openSync(${JSON.stringify(file)}, 'r+'));`;
  rescuers.push(spawn(process.execPath, ['-e', `setTimeout(() => { ${code} }, 30000)`], { stdio: 'ignore' }));
  return () => existsSync(mark);
}

async function storeWithSession() {
  const dir = join(await tempDir(), 'sessions');
  const store = createSessionStore({ dir });
  const created = store.create({ workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
  if (!created.ok) throw new Error(created.error);
  created.writer.close();
  return { store, id: created.writer.id, file: join(dir, `${created.writer.id}.jsonl`) };
}

describe('session files that are not regular files', () => {
  it('reopen refuses a session file linked to /dev/null: not chmod-ed, not cut, not written', async () => {
    const before = devNull();
    const { store, id, file } = await storeWithSession();
    rmSync(file);
    symlinkSync('/dev/null', file);
    const reopened = store.reopen(id);
    expect(reopened).toEqual({ ok: false, error: expect.stringContaining(file) as string });
    expect(reopened.ok ? '' : reopened.error).toMatch(/character device/);
    expect(devNull()).toEqual(before);
    expect(before.char).toBe(true);
  });

  it('reopen refuses a session file swapped for a FIFO without waiting on it', async () => {
    const { store, id, file } = await storeWithSession();
    rmSync(file);
    const rescued = fifoAt(file);
    const reopened = store.reopen(id);
    expect(reopened.ok ? '' : reopened.error).toMatch(/FIFO/);
    expect(rescued()).toBe(false);
    expect((await store.load(id)).ok).toBe(false);
    expect(await store.list()).toEqual([]);
    expect(rescued()).toBe(false);
  });

  it('create never opens an existing path: a link to /dev/null under the new id is an error', async () => {
    const before = devNull();
    const dir = join(await tempDir(), 'sessions');
    const store = createSessionStore({ dir });
    const first = store.create({ id: 'fixed-id', workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    if (!first.ok) throw new Error(first.error);
    first.writer.close();
    rmSync(join(dir, 'fixed-id.jsonl'));
    symlinkSync('/dev/null', join(dir, 'fixed-id.jsonl'));
    const again = store.create({ id: 'fixed-id', workroot: '/w', model: 'm', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(again).toEqual({ ok: false, error: expect.stringContaining('EEXIST') as string });
    expect(devNull()).toEqual(before);
  });
});
