import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bangCommand, findMentions, MAX_MENTIONS } from './parse.js';
import { pastedMediaPaths } from './pasted.js';

describe('findMentions', () => {
  it('reads @path after a blank or at the start, quoted, with escaped spaces; never inside a word', () => {
    expect(findMentions('@a.ts and @"b c.ts" and @d\\ e.ts, mail me@x.com').map((m) => m.path)).toEqual([
      'a.ts',
      'b c.ts',
      'd e.ts,',
    ]);
  });

  it('offers the path without trailing punctuation, and keeps each path once, at most MAX_MENTIONS', () => {
    expect(findMentions('see @src/a.ts.')[0]).toEqual({ path: 'src/a.ts.', trimmed: 'src/a.ts' });
    expect(findMentions('@a @a')).toHaveLength(1);
    const many = Array.from({ length: MAX_MENTIONS + 5 }, (_, i) => `@f${i}`).join(' ');
    expect(findMentions(many)).toHaveLength(MAX_MENTIONS);
  });
});

describe('bangCommand', () => {
  it('is the text after a leading !, trimmed; nothing for a bare ! or another message', () => {
    expect(bangCommand('!ls -la')).toBe('ls -la');
    expect(bangCommand('  ! git status ')).toBe('git status');
    expect(bangCommand('!')).toBeUndefined();
    expect(bangCommand('run !ls')).toBeUndefined();
  });
});

describe('pastedMediaPaths', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'pasted-')));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of ['a b.png', 'c.PDF', 'd.txt', 'e.jpg']) fs.writeFileSync(path.join(dir, name), 'x');

  it('finds existing image and PDF paths: absolute, quoted, escaped, relative; never @mentions or other files', () => {
    const text = `'${dir}/a b.png' ${dir}/a\\ b.png ${dir}/c.PDF ${dir}/d.txt @e.jpg e.jpg ${dir}/gone.png`;
    expect(pastedMediaPaths(text, { root: dir })).toEqual([`${dir}/a b.png`, `${dir}/c.PDF`, `${dir}/e.jpg`]);
  });

  it('takes ~/ from the home it is given, and leaves it alone without one', () => {
    expect(pastedMediaPaths('~/e.jpg', { root: '/', home: dir })).toEqual([`${dir}/e.jpg`]);
    expect(pastedMediaPaths('~/e.jpg', { root: '/' })).toEqual([]);
  });
});
