/** The rewind store over real files in a temp dir: changes found by scans, the cap, damaged logs, restores. */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreTree } from './restore.js';
import { openRewindStore } from './store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(capBytes = 1 << 20, maxFileBytes = 1 << 20) {
  const base = mkdtempSync(join(tmpdir(), 'rewind-store-'));
  dirs.push(base);
  const root = join(base, 'work');
  mkdirSync(root);
  const dir = join(base, 'state', 'rewind', 's1');
  const open = () => openRewindStore({ dir, root, exclude: [join(root, 'inner-state')], capBytes, maxFileBytes });
  return { root, dir, open };
}

describe('the rewind store', () => {
  it('records what each turn changed, ignores .gitignored files and the excluded state dir, and restores any checkpoint', async () => {
    const { root, open } = setup();
    writeFileSync(join(root, '.gitignore'), 'build/\n');
    writeFileSync(join(root, 'a.txt'), 'a1');
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build', 'out.js'), 'x');
    mkdirSync(join(root, 'inner-state'));
    writeFileSync(join(root, 'inner-state', 'log'), 'x');
    const { store } = open();
    await store.checkpoint({ text: 'first', messages: 0 });
    writeFileSync(join(root, 'a.txt'), 'a2');
    writeFileSync(join(root, 'b.txt'), 'b');
    writeFileSync(join(root, 'build', 'out.js'), 'y');
    expect(await store.afterTurn()).toEqual(['a.txt', 'b.txt']);
    await store.checkpoint({ text: 'second', messages: 2 });
    rmSync(join(root, 'a.txt'));
    expect(await store.afterTurn()).toEqual(['a.txt']);
    expect(store.list().map((c) => [c.text, c.messages, c.changed])).toEqual([
      ['first', 0, ['a.txt', 'b.txt']],
      ['second', 2, ['a.txt']],
    ]);
    const first = store.list()[0]!.seq;
    const done = restoreTree({
      root,
      target: store.stateAt(first)!,
      current: store.current(),
      blobs: store.blobs,
      protect: () => undefined,
    });
    expect(done).toEqual({ restored: ['a.txt'], removed: ['b.txt'], skipped: [] });
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a1');
    expect(existsSync(join(root, 'b.txt'))).toBe(false);
    // Ignored and excluded files were never recorded, so never touched.
    expect(readFileSync(join(root, 'build', 'out.js'), 'utf8')).toBe('y');
    expect(existsSync(join(root, 'inner-state', 'log'))).toBe(true);
  });

  it('past its cap drops the oldest checkpoints and says so; a reopened store replays its log and skips a torn line', async () => {
    const { root, dir, open } = setup(3_500);
    const { store } = open();
    const notices: string[] = [];
    for (let turn = 0; turn < 8; turn++) {
      notices.push(...(await store.checkpoint({ text: `turn ${turn}`, messages: turn * 2 })).notices);
      writeFileSync(join(root, 'f.txt'), `${turn}`.repeat(1000));
      await store.afterTurn();
    }
    expect(notices.some((n) => /cap \(0\.0 MB\): the oldest \d+ checkpoint\(s\) were dropped/.test(n))).toBe(true);
    expect(store.bytes()).toBeLessThanOrEqual(3_500);
    const kept = store.list();
    expect(kept.length).toBeLessThan(8);
    expect(kept.at(-1)!.text).toBe('turn 7');
    appendFileSync(join(dir, 'log.jsonl'), '{"t":"checkpoint","seq":');
    const reopened = open();
    expect(reopened.notices).toEqual([`rewind: 1 damaged line(s) of ${join(dir, 'log.jsonl')} skipped`]);
    expect(reopened.store.list()).toEqual(kept);
  });

  it('a file over the size limit is not snapshotted, and said once', async () => {
    const { root, open } = setup(1 << 20, 100);
    writeFileSync(join(root, 'big.bin'), 'x'.repeat(500));
    writeFileSync(join(root, 'small.txt'), 'x');
    const { store } = open();
    const { notices } = await store.checkpoint({ text: 't', messages: 0 });
    expect(notices).toEqual(['rewind: not snapshotted (over 0.0 MB), so never restored: big.bin']);
    expect([...store.current().keys()]).toEqual(['small.txt']);
  });

  it('a compaction makes earlier transcript lengths unusable; a cut makes those from its checkpoint on', async () => {
    const { open } = setup();
    const { store } = open();
    for (const n of [0, 2, 4]) await store.checkpoint({ text: `t${n}`, messages: n });
    store.conversationReset(store.list()[1]!.seq);
    expect(store.list().map((c) => c.messages)).toEqual([0, undefined, undefined]);
    await store.checkpoint({ text: 'after', messages: 2 });
    store.conversationReset();
    await store.checkpoint({ text: 'compacted', messages: 1 });
    expect(store.list().map((c) => c.messages)).toEqual([undefined, undefined, undefined, undefined, 1]);
  });
});

describe('pruneStores', () => {
  it('keeps the most recently used stores and deletes the rest', async () => {
    const { pruneStores } = await import('./wiring.js');
    const base = mkdtempSync(join(tmpdir(), 'rewind-prune-'));
    dirs.push(base);
    for (const [i, name] of ['old', 'mid', 'new'].entries()) {
      mkdirSync(join(base, name));
      writeFileSync(join(base, name, 'log.jsonl'), '');
      const { utimesSync } = await import('node:fs');
      utimesSync(join(base, name, 'log.jsonl'), 1000 + i, 1000 + i);
    }
    pruneStores(base, 2);
    expect(['old', 'mid', 'new'].map((n) => existsSync(join(base, n)))).toEqual([false, true, true]);
  });
});
