import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { resolveInJail } from './jail.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('readRoots (--add-dir)', () => {
  it('are read roots after the skill dirs, realpathed: readable, never writable', () => {
    const box = realpathSync(mkdtempSync(join(tmpdir(), 'tools-read-roots-')));
    dirs.push(box);
    const root = join(box, 'work');
    const extra = join(box, 'extra');
    mkdirSync(root);
    mkdirSync(extra);
    symlinkSync(extra, join(box, 'link'));
    const ctx = createToolContext({ root, readRoots: [join(box, 'link')] });
    expect(ctx.extraReadRoots).toEqual([extra]);
    expect(resolveInJail(ctx.root, ctx.extraReadRoots, join(extra, 'a.txt'), 'read')).toMatchObject({ ok: true });
    expect(resolveInJail(ctx.root, ctx.extraReadRoots, join(extra, 'a.txt'), 'write')).toMatchObject({ ok: false });
    expect(createToolContext({ root }).extraReadRoots).toEqual([]);
  });
});
