import { appendFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptHistory, historyFile } from './history.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function temp(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'harness-history-')));
  dirs.push(d);
  return d;
}

describe('the prompt history store', () => {
  it('lives under $XDG_STATE_HOME/coding-harness/history, one file per work root', () => {
    const root = temp();
    const env = { XDG_STATE_HOME: join(root, 'state') };
    const a = historyFile(env, join(root, 'home'), '/work/a');
    const b = historyFile(env, join(root, 'home'), '/work/b');
    expect(a.startsWith(join(root, 'state', 'coding-harness', 'history'))).toBe(true);
    expect(a).not.toBe(b);
    expect(historyFile({}, join(root, 'home'), '/work/a').startsWith(join(root, 'home', '.local', 'state'))).toBe(true);
  });

  it('gives the prompts back newest first, multi-line ones whole, across openings, without repeats', () => {
    const root = temp();
    const opts = { env: { XDG_STATE_HOME: root }, home: root, workroot: '/w' };
    const first = createPromptHistory(opts);
    expect(first.load()).toEqual([]);
    expect(first.add('one')).toBeUndefined();
    first.add('two\nlines');
    first.add('two\nlines');
    first.add('   ');
    first.add('one');
    const again = createPromptHistory(opts);
    expect(again.load()).toEqual(['one', 'two\nlines']);
    expect(statSync(again.file).mode & 0o777).toBe(0o600);
    expect(createPromptHistory({ ...opts, workroot: '/other' }).load()).toEqual([]);
  });

  it('skips a torn line and keeps only the newest entries once the file grows past twice the limit', () => {
    const root = temp();
    const history = createPromptHistory({ env: { XDG_STATE_HOME: root }, home: root, workroot: '/w', limit: 3 });
    history.add('a');
    appendFileSync(history.file, '"torn\n');
    for (const e of ['b', 'c', 'd', 'e', 'f', 'g']) history.add(e);
    expect(history.load()).toEqual(['g', 'f', 'e']);
    expect(readFileSync(history.file, 'utf8').trim().split('\n')).toEqual(['"e"', '"f"', '"g"']);
  });

  it('says which file could not be written, and does not throw', () => {
    const root = temp();
    writeFileSync(join(root, 'coding-harness'), 'a file where the dir should be');
    const history = createPromptHistory({ env: { XDG_STATE_HOME: root }, home: root, workroot: '/w' });
    expect(history.add('hello')).toContain(history.file);
    expect(history.load()).toEqual([]);
  });
});
