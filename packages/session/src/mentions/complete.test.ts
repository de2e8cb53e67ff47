import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mentionCompletions, mentionToken } from './complete.js';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'complete-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
fs.mkdirSync(path.join(root, 'src/sub'), { recursive: true });
fs.mkdirSync(path.join(root, '.git'));
for (const f of ['src/app.ts', 'src/api.ts', 'README.md', '.env']) fs.writeFileSync(path.join(root, f), 'x');

describe('@path completion', () => {
  it('finds the @word being typed at the end of the line', () => {
    expect(mentionToken('explain @sr')).toBe('@sr');
    expect(mentionToken('@')).toBe('@');
    expect(mentionToken('mail a@b')).toBeUndefined();
    expect(mentionToken('@src done')).toBeUndefined();
  });

  it('offers files and folders under the work root, folders with a slash', () => {
    expect(mentionCompletions(root, 'look at @')).toEqual(['@README.md', '@src/']);
    expect(mentionCompletions(root, 'look at @src/a')).toEqual(['@src/api.ts', '@src/app.ts']);
    expect(mentionCompletions(root, '@src/')).toEqual(['@src/api.ts', '@src/app.ts', '@src/sub/']);
  });

  it('dotfiles only when asked for, .git never, nothing outside the root', () => {
    expect(mentionCompletions(root, '@.')).toEqual(['@.env']);
    expect(mentionCompletions(root, '@../')).toEqual([]);
    expect(mentionCompletions(root, '@/etc/')).toEqual([]);
    expect(mentionCompletions(root, 'no mention')).toEqual([]);
  });
});
