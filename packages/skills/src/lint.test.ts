import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from './lint.js';
import { put, useTempDirs, writeBasic, writeSkill } from './temp-tree.test-helper.js';

const temp = useTempDirs();

describe('lint', () => {
  it('finds nothing in a clean folder of skills', async () => {
    const root = temp('skills-lint-');
    writeBasic(root, 'clean-a');
    writeBasic(root, 'clean-b');
    expect(await lint([root])).toEqual([]);
  });

  it('reports problems and notes for a folder of skills, a skill folder and a SKILL.md path', async () => {
    const root = temp('skills-lint-');
    writeSkill(root, 'bad_name', 'name: bad_name\ndescription: d');
    const colon = writeSkill(root, 'colon', 'name: colon\ndescription: Use when: x\nversion: 3');
    const empty = writeSkill(root, 'empty-body', 'name: empty-body\ndescription: d', '');
    const findings = await lint([root, colon, path.join(empty, 'SKILL.md')]);
    const summary = findings.map((f) => [path.basename(path.dirname(f.path)), f.severity, f.message.slice(0, 24)]);
    expect(summary).toEqual([
      ['bad_name', 'problem', 'the folder name "bad_nam'],
      ['colon', 'problem', 'line 3: a plain value ho'],
      ['colon', 'note', 'keys the Agent Skills sp'],
      ['empty-body', 'note', 'the body is empty: add t'],
      ['colon', 'problem', 'line 3: a plain value ho'],
      ['colon', 'note', 'keys the Agent Skills sp'],
      ['empty-body', 'note', 'the body is empty: add t'],
    ]);
  });

  it('reports a missing path and a folder with no skills', async () => {
    const base = temp('skills-lint-');
    fs.mkdirSync(path.join(base, 'nothing'));
    put(path.join(base, 'file.txt'), 'x');
    const findings = await lint([path.join(base, 'absent'), path.join(base, 'nothing'), path.join(base, 'file.txt')]);
    expect(findings.map((f) => [path.basename(f.path), f.severity])).toEqual([
      ['absent', 'problem'],
      ['nothing', 'note'],
      ['file.txt', 'problem'],
    ]);
  });
});
