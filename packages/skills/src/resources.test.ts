import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listResources } from './resources.js';
import { put, useTempDirs } from './temp-tree.test-helper.js';

const temp = useTempDirs();
const list = (dir: string) => listResources({ dir });

describe('listResources', () => {
  it('lists bundled files relative and sorted, without SKILL.md', () => {
    const dir = temp('skills-res-');
    for (const f of [
      'SKILL.md',
      'scripts/run.sh',
      'references/b.md',
      'references/a.md',
      'assets/logo.png',
      'notes.txt',
    ])
      put(path.join(dir, f), 'x');
    expect(list(dir)).toEqual({
      resources: ['assets/logo.png', 'notes.txt', 'references/a.md', 'references/b.md', 'scripts/run.sh'],
      truncated: false,
    });
  });

  it('keeps a nested SKILL.md (only the top one is the skill file)', () => {
    const dir = temp('skills-res-');
    put(path.join(dir, 'SKILL.md'), 'x');
    put(path.join(dir, 'examples', 'SKILL.md'), 'x');
    expect(list(dir).resources).toEqual(['examples/SKILL.md']);
  });

  it('stops at depth 4', () => {
    const dir = temp('skills-res-');
    put(path.join(dir, 'a/b/c/d.md'), 'x');
    put(path.join(dir, 'a/b/c/d/e.md'), 'x');
    expect(list(dir).resources).toEqual(['a/b/c/d.md']);
  });

  it('stops at 200 files and says so', () => {
    const dir = temp('skills-res-');
    for (let i = 0; i < 205; i++) put(path.join(dir, 'refs', `f${String(i).padStart(3, '0')}.md`), 'x');
    const r = list(dir);
    expect(r.truncated).toBe(true);
    expect(r.resources).toHaveLength(200);
    expect(r.resources[0]).toBe('refs/f000.md');
  });

  it('lists links to files inside the folder, never follows links out of it or into folders', () => {
    const base = temp('skills-res-');
    const dir = path.join(base, 'skill');
    put(path.join(dir, 'real.md'), 'x');
    put(path.join(base, 'outside', 'secret.md'), 'x');
    fs.symlinkSync(path.join(dir, 'real.md'), path.join(dir, 'alias.md'));
    fs.symlinkSync(path.join(base, 'outside', 'secret.md'), path.join(dir, 'escape.md'));
    fs.symlinkSync(path.join(base, 'outside'), path.join(dir, 'outdir'));
    fs.symlinkSync(dir, path.join(dir, 'loop'));
    fs.symlinkSync(path.join(base, 'none'), path.join(dir, 'dangling'));
    expect(list(dir).resources).toEqual(['alias.md', 'real.md']);
  });
});
