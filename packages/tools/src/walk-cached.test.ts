/**
 * The cached walk lists exactly what walkFiles lists, walk after walk, while the tree changes in
 * the ways that do and do not move a folder's stat: files added and removed, a .gitignore edited
 * in place (the folder's stat stays), a nested .gitignore added and edited, a folder removed, a
 * nested repository (`.git`) starting its own rules. The clock is moved on a minute per walk, so
 * every unchanged folder is taken from the cache (the same-tick guard would otherwise re-read it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkFiles } from './walk.js';
import { createCachedWalk } from './walk-cached.js';

let root: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'walk-cached-')));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const put = (rel: string, text = 'x'): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const signal = (): AbortSignal => new AbortController().signal;

async function plain(): Promise<string[]> {
  const r = await walkFiles({ base: root, start: root, signal: signal() });
  if (!r.ok) throw new Error('aborted');
  return r.files.sort();
}

describe('createCachedWalk', () => {
  it('lists what walkFiles lists after every kind of change', async () => {
    let clock = Date.now() + 60_000;
    const walker = createCachedWalk({ base: root, now: () => clock });
    const cached = async (): Promise<string[]> => {
      clock += 60_000;
      const r = await walker.walk(signal());
      if (!r.ok) throw new Error('aborted');
      return r.files.sort();
    };
    put('.gitignore', 'dist/\nignored.txt\n');
    put('a/x.ts');
    put('a/ignored.txt');
    put('a/b/y.ts');
    put('dist/z.js');
    put('node_modules/m/index.js');
    const steps: [string, () => void, (files: string[]) => void][] = [
      ['start', () => undefined, (f) => expect(f).toEqual(['.gitignore', 'a/b/y.ts', 'a/x.ts'])],
      [
        'the root .gitignore edited in place (its rules reach a folder whose stat did not move)',
        () => fs.writeFileSync(path.join(root, '.gitignore'), '# nothing\n'),
        (f) => expect(f).toEqual(expect.arrayContaining(['dist/z.js', 'a/ignored.txt'])),
      ],
      [
        'and back',
        () => fs.writeFileSync(path.join(root, '.gitignore'), 'ignored.txt\n'),
        (f) => expect(f).not.toContain('a/ignored.txt'),
      ],
      ['a file added deep', () => put('a/b/new.ts'), (f) => expect(f).toContain('a/b/new.ts')],
      ['a file removed', () => fs.rmSync(path.join(root, 'a/x.ts')), (f) => expect(f).not.toContain('a/x.ts')],
      ['a nested .gitignore added', () => put('a/.gitignore', 'b/\n'), (f) => expect(f).not.toContain('a/b/y.ts')],
      [
        'the nested .gitignore edited in place',
        () => fs.writeFileSync(path.join(root, 'a/.gitignore'), '# none\n'),
        (f) => expect(f).toContain('a/b/y.ts'),
      ],
      [
        'a nested repository',
        () => fs.mkdirSync(path.join(root, 'a/.git')),
        (f) => expect(f).toContain('a/ignored.txt'),
      ],
      [
        'a folder removed',
        () => fs.rmSync(path.join(root, 'a/b'), { recursive: true }),
        (f) => expect(f.some((p) => p.startsWith('a/b/'))).toBe(false),
      ],
      ['nothing changed', () => undefined, () => undefined],
    ];
    for (const [what, change, check] of steps) {
      change();
      const [mine, theirs] = [await cached(), await plain()];
      expect(mine, what).toEqual(theirs);
      check(mine);
    }
  });

  it('a folder changed within the last second is listed again even when its stat looks kept', async () => {
    const walker = createCachedWalk({ base: root });
    put('a/one.ts');
    const first = await walker.walk(signal());
    put('a/two.ts');
    const second = await walker.walk(signal());
    expect(first.ok && first.files).toEqual(['a/one.ts']);
    expect(second.ok && second.files.sort()).toEqual(['a/one.ts', 'a/two.ts']);
  });
});
