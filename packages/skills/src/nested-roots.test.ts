import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { nestedRoots } from './nested-roots.js';
import type { SkillIssue } from './types.js';
import { put, useTempDirs, writeBasic } from './temp-tree.test-helper.js';

const temp = useTempDirs();

function repo() {
  const base = temp('skills-nested-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'mono');
  fs.mkdirSync(path.join(work, '.git'), { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  return { base, home, work };
}

describe('nested .agents/skills and .claude/skills below the work root', () => {
  it('are found in packages; a name clashing with a root skill, or found in two packages, is named by its folder', async () => {
    const { home, work } = repo();
    writeBasic(path.join(work, '.agents', 'skills'), 'deploy');
    writeBasic(path.join(work, 'packages', 'web', '.claude', 'skills'), 'deploy');
    writeBasic(path.join(work, 'packages', 'web', '.claude', 'skills'), 'storybook');
    writeBasic(path.join(work, 'packages', 'api', '.agents', 'skills'), 'migrate');
    writeBasic(path.join(work, 'services', 'a', '.agents', 'skills'), 'logs');
    writeBasic(path.join(work, 'services', 'b', '.agents', 'skills'), 'logs');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.layout ?? 'plain', s.source])).toEqual([
      ['deploy', 'plain', 'project'],
      ['migrate', 'nested', 'project'],
      ['packages/web:deploy', 'nested', 'project'],
      ['services/a:logs', 'nested', 'project'],
      ['services/b:logs', 'nested', 'project'],
      ['storybook', 'nested', 'project'],
    ]);
    expect(r.problems).toEqual([]);
  });

  it('skips node_modules, dot-folders, ignored folders and what lies below the depth bound', async () => {
    const { home, work } = repo();
    writeBasic(path.join(work, 'node_modules', 'pkg', '.agents', 'skills'), 'dep');
    writeBasic(path.join(work, '.cache', 'x', '.agents', 'skills'), 'cached');
    writeBasic(path.join(work, 'dist', '.agents', 'skills'), 'built');
    writeBasic(path.join(work, 'apps', 'gen', 'out', '.agents', 'skills'), 'generated');
    writeBasic(path.join(work, 'a', 'b', 'c', 'd', '.agents', 'skills'), 'deep-ok');
    writeBasic(path.join(work, 'a', 'b', 'c', 'd', 'e', '.agents', 'skills'), 'too-deep');
    put(path.join(work, '.gitignore'), 'dist/\n');
    put(path.join(work, 'apps', 'gen', '.gitignore'), 'out\n');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['deep-ok']);
  });

  it('are not looked for without trust, outside a git repository, or when the work root is home', async () => {
    const { base, home, work } = repo();
    writeBasic(path.join(work, 'pkg', '.agents', 'skills'), 'inner');
    expect((await discover({ home, workroot: work, trustProject: false })).skills).toEqual([]);
    const plain = path.join(base, 'plain');
    writeBasic(path.join(plain, 'pkg', '.agents', 'skills'), 'inner');
    const notes: SkillIssue[] = [];
    expect(await nestedRoots({ workroot: plain, home, note: (n) => notes.push(n) })).toEqual([]);
    expect(await nestedRoots({ workroot: work, home: work, note: (n) => notes.push(n) })).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('never walk into home when it lies below the work root: a .git above home makes no repository at all', async () => {
    const { work } = repo();
    const home = path.join(work, 'users', 'me');
    writeBasic(path.join(home, 'proj', '.agents', 'skills'), 'mine');
    writeBasic(path.join(work, 'users', 'other', '.agents', 'skills'), 'theirs');
    const roots = await nestedRoots({ workroot: work, home, note: () => undefined });
    expect(roots).toEqual([]);
  });

  it('stop at a nested git repository (a submodule or a vendored clone): its skills are its own trust decision', async () => {
    const { home, work } = repo();
    writeBasic(path.join(work, 'packages', 'web', '.agents', 'skills'), 'web');
    writeBasic(path.join(work, 'vendor', 'lib', '.agents', 'skills'), 'vendored');
    writeBasic(path.join(work, 'vendor', 'lib', 'sub', '.claude', 'skills'), 'deeper');
    fs.mkdirSync(path.join(work, 'vendor', 'lib', '.git'));
    writeBasic(path.join(work, 'packages', 'mod', '.claude', 'skills'), 'submodule');
    fs.writeFileSync(path.join(work, 'packages', 'mod', '.git'), 'gitdir: ../../.git/modules/mod\n');
    const roots = await nestedRoots({ workroot: work, home, note: () => undefined });
    expect(roots.map((r) => r.nested)).toEqual(['packages/web']);
  });

  it('stop after the folder bound with a note naming the flag to use', async () => {
    const { home, work } = repo();
    for (let i = 0; i < 5; i++) fs.mkdirSync(path.join(work, `d${i}`));
    const notes: SkillIssue[] = [];
    await nestedRoots({ workroot: work, home, note: (n) => notes.push(n), maxDirs: 3 });
    expect(notes).toEqual([
      {
        path: work,
        message:
          "stopped looking for nested .agents/skills and .claude/skills folders after 3 folders; give a deep package's skills with --skills",
      },
    ]);
  });

  it('honour a .gitignore above the work root (the work root is a folder inside the repository)', async () => {
    const { base, home } = repo();
    const top = path.join(base, 'mono');
    put(path.join(top, '.gitignore'), 'app/vendor/\n');
    const work = path.join(top, 'app');
    writeBasic(path.join(work, 'vendor', '.agents', 'skills'), 'vendored');
    writeBasic(path.join(work, 'lib', '.agents', 'skills'), 'own');
    expect((await discover({ home, workroot: work })).skills.map((s) => s.name)).toEqual(['own']);
  });
});
