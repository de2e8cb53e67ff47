import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ctx-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const skillAt = (dir: string): Skill => ({
  name: path.basename(dir),
  description: 'x',
  dir,
  file: path.join(dir, 'SKILL.md'),
  source: 'personal',
  root: path.dirname(dir),
  allowedTools: [],
  userInvocable: true,
  disableModelInvocation: false,
  extra: {},
});

describe('createToolContext', () => {
  it('resolves skill and protected dirs to real paths, deduplicated', () => {
    fs.mkdirSync(path.join(tmp, 'real'));
    fs.symlinkSync(path.join(tmp, 'real'), path.join(tmp, 'link'));
    const ctx = createToolContext({
      root: tmp,
      skills: [skillAt(path.join(tmp, 'link')), skillAt(path.join(tmp, 'real'))],
      protectedDirs: [path.join(tmp, 'link')],
    });
    expect(ctx.extraReadRoots).toEqual([path.join(tmp, 'real')]);
    expect(ctx.protectedDirs).toEqual([path.join(tmp, 'real')]);
  });

  it('resolves like realpath through a linked skills root, a linked skill folder and a missing one', () => {
    fs.mkdirSync(path.join(tmp, 'root', 'plain'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'elsewhere'));
    fs.symlinkSync(path.join(tmp, 'root'), path.join(tmp, 'root-link'));
    fs.symlinkSync(path.join(tmp, 'elsewhere'), path.join(tmp, 'root', 'linked'));
    const dirs = ['plain', 'linked', 'missing'].flatMap((d) => [
      path.join(tmp, 'root-link', d),
      path.join(tmp, 'root', d),
    ]);
    const ctx = createToolContext({
      root: tmp,
      skills: dirs.map(skillAt),
      protectedDirs: [...dirs, path.join(tmp, 'root-link')],
    });
    expect(ctx.extraReadRoots).toEqual([
      path.join(tmp, 'root', 'plain'),
      path.join(tmp, 'elsewhere'),
      path.join(tmp, 'root-link', 'missing'),
      path.join(tmp, 'root', 'missing'),
    ]);
    expect(ctx.protectedDirs).toEqual([...ctx.extraReadRoots, path.join(tmp, 'root')]);
    for (const d of dirs.filter((d) => fs.existsSync(d)))
      expect(ctx.extraReadRoots).toContain(fs.realpathSync.native(d));
  });

  it('resolves like realpath when many skill folders share a linked root (the root is listed once)', () => {
    const names = Array.from({ length: 12 }, (_, i) => `s${i}`);
    for (const n of names) fs.mkdirSync(path.join(tmp, 'root', n), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'elsewhere'));
    fs.symlinkSync(path.join(tmp, 'elsewhere'), path.join(tmp, 'root', 'linked'));
    fs.writeFileSync(path.join(tmp, 'root', 'file'), 'x');
    fs.symlinkSync(path.join(tmp, 'root'), path.join(tmp, 'root-link'));
    const dirs = [...names, 'linked', 'file', 'missing'].map((n) => path.join(tmp, 'root-link', n));
    const ctx = createToolContext({ root: tmp, skills: dirs.map(skillAt), protectedDirs: dirs });
    const expected = dirs.map((d) => (fs.existsSync(d) ? fs.realpathSync.native(d) : d));
    expect(ctx.extraReadRoots).toEqual(expected);
    expect(ctx.protectedDirs).toEqual(expected);
    expect(expected.at(-3)).toBe(path.join(tmp, 'elsewhere'));
  });

  it('resolves dirs given with empty, dot and dot-dot segments or a trailing slash as path.resolve would', () => {
    for (let i = 0; i < 10; i++) fs.mkdirSync(path.join(tmp, 'root', `s${i}`), { recursive: true });
    const given = [
      `${tmp}/root//s1`,
      `${tmp}/root/./s2`,
      `${tmp}/root/x/../s3`,
      `${tmp}/root/s4/`,
      ...Array.from({ length: 10 }, (_, i) => `${tmp}/root/s${i}`),
    ];
    const ctx = createToolContext({ root: tmp, protectedDirs: given });
    expect(ctx.protectedDirs).toEqual([...new Set(given.map((d) => fs.realpathSync.native(path.resolve(d))))]);
  });

  it('sees dirs added in place to the same array (a reload adding protected folders)', () => {
    const protectedDirs = [path.join(tmp, 'a')];
    const skills = [skillAt(path.join(tmp, 's1'))];
    expect(createToolContext({ root: tmp, skills, protectedDirs }).protectedDirs).toEqual([path.join(tmp, 'a')]);
    protectedDirs.push(path.join(tmp, 'b'));
    skills.push(skillAt(path.join(tmp, 's2')));
    const again = createToolContext({ root: tmp, skills, protectedDirs });
    expect(again.protectedDirs).toEqual([path.join(tmp, 'a'), path.join(tmp, 'b')]);
    expect(again.extraReadRoots).toEqual([path.join(tmp, 's1'), path.join(tmp, 's2')]);
  });

  it('hands each context its own arrays', () => {
    const protectedDirs = [path.join(tmp, 'a')];
    const first = createToolContext({ root: tmp, protectedDirs });
    (first.protectedDirs as string[]).push('/elsewhere');
    expect(createToolContext({ root: tmp, protectedDirs }).protectedDirs).toEqual([path.join(tmp, 'a')]);
  });
});
