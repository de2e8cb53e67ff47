import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGitTop, skillRoots } from './roots.js';
import { put, useTempDirs } from './temp-tree.test-helper.js';

const temp = useTempDirs();

describe('findGitTop', () => {
  it('finds the nearest .git folder or file walking up, or nothing', () => {
    const base = temp('skills-roots-');
    fs.mkdirSync(path.join(base, 'repo', '.git'), { recursive: true });
    put(path.join(base, 'repo', 'sub', '.git'), 'gitdir: x');
    fs.mkdirSync(path.join(base, 'repo', 'sub', 'deep'), { recursive: true });
    fs.mkdirSync(path.join(base, 'repo', 'other'), { recursive: true });
    expect(findGitTop(path.join(base, 'repo', 'sub', 'deep'))).toBe(path.join(base, 'repo', 'sub'));
    expect(findGitTop(path.join(base, 'repo', 'other'))).toBe(path.join(base, 'repo'));
  });

  it('skips an empty .git file and never takes a folder that contains the home directory', () => {
    const base = temp('skills-roots-');
    fs.mkdirSync(path.join(base, 'home', 'me', 'proj', 'sub'), { recursive: true });
    put(path.join(base, '.git'), 'gitdir: /somewhere');
    put(path.join(base, 'home', '.git'), 'gitdir: /somewhere');
    put(path.join(base, 'home', 'me', 'proj', '.git'), '');
    const home = path.join(base, 'home', 'me');
    expect(findGitTop(path.join(home, 'proj', 'sub'), home)).toBeUndefined();
    fs.mkdirSync(path.join(home, '.git'));
    expect(findGitTop(path.join(home, 'proj', 'sub'), home)).toBe(home);
    expect(findGitTop(path.join(base, 'elsewhere'), home)).toBeUndefined();
  });

  it('does not take a .git another user owns (a folder of a shared tree)', () => {
    const base = temp('skills-roots-');
    fs.mkdirSync(path.join(base, 'shared', 'proj'), { recursive: true });
    fs.mkdirSync(path.join(base, 'shared', '.git'));
    const mine = fs.statSync(path.join(base, 'shared', '.git')).uid;
    expect(findGitTop(path.join(base, 'shared', 'proj'), '/nonexistent-home', mine)).toBe(path.join(base, 'shared'));
    expect(findGitTop(path.join(base, 'shared', 'proj'), '/nonexistent-home', mine + 1)).toBeUndefined();
  });
});

describe('skillRoots', () => {
  it('orders personal, project (top-level down to the work root) and explicit roots, lowest first', () => {
    const base = temp('skills-roots-');
    fs.mkdirSync(path.join(base, 'repo', '.git'), { recursive: true });
    const work = path.join(base, 'repo', 'app');
    fs.mkdirSync(work);
    const roots = skillRoots({ home: '/home/u', workroot: work, explicit: ['extra', '/abs'] });
    expect(roots.map((r) => [r.source, r.path, r.layout])).toEqual([
      ['personal', '/home/u/.claude/commands', 'commands'],
      ['personal', '/home/u/.claude/skills', undefined],
      ['personal', '/home/u/.agents/skills', undefined],
      ['project', path.join(base, 'repo', '.claude', 'commands'), 'commands'],
      ['project', path.join(base, 'repo', '.claude', 'skills'), undefined],
      ['project', path.join(base, 'repo', '.agents', 'skills'), undefined],
      ['project', path.join(work, '.claude', 'commands'), 'commands'],
      ['project', path.join(work, '.claude', 'skills'), undefined],
      ['project', path.join(work, '.agents', 'skills'), undefined],
      ['explicit', path.join(work, 'extra'), 'any'],
      ['explicit', '/abs', 'any'],
    ]);
  });

  it('has no project roots when the project is not trusted', () => {
    expect(skillRoots({ home: '/h', workroot: '/w', trustProject: false }).map((r) => r.source)).toEqual([
      'personal',
      'personal',
      'personal',
    ]);
  });
});
