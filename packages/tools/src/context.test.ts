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
