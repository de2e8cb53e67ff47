import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { timed, useFifos } from './fifo.test-helper.js';
import { useTempDirs, writeBasic } from './temp-tree.test-helper.js';

const temp = useTempDirs();
const fifo = useFifos();

function setup() {
  const base = temp('skills-files-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(work, { recursive: true });
  return { home, work, personal: path.join(home, '.agents', 'skills') };
}

describe('discover: a SKILL.md that is not a plain file', () => {
  it('refuses a FIFO at once (a cloned repository may ship one) and loads the other skills', async () => {
    const { home, work, personal } = setup();
    writeBasic(personal, 'good-one');
    fs.mkdirSync(path.join(personal, 'piped'));
    fifo(path.join(personal, 'piped', 'SKILL.md'));
    const { value: r, ms } = await timed(() => discover({ home, workroot: work }));
    expect(ms).toBeLessThan(1_000);
    expect(r.skills.map((s) => s.name)).toEqual(['good-one']);
    expect(r.problems).toEqual([
      {
        path: path.join(personal, 'piped', 'SKILL.md'),
        message: expect.stringMatching(/^SKILL\.md is a FIFO, socket or device, not a regular file/) as string,
      },
    ]);
  });

  it('refuses a FIFO in a skill folder given to --skills the same way', async () => {
    const { home, work } = setup();
    const dir = path.join(work, 'one-skill');
    fs.mkdirSync(dir);
    fifo(path.join(dir, 'SKILL.md'));
    const { value: r, ms } = await timed(() => discover({ home, workroot: work, explicit: [dir] }));
    expect(ms).toBeLessThan(1_000);
    expect(r.skills).toEqual([]);
    expect(r.problems.map((p) => p.path)).toEqual([path.join(dir, 'SKILL.md')]);
  });

  it('names a SKILL.md that is a folder, a link to nothing, or a link to a device', async () => {
    const { home, work, personal } = setup();
    fs.mkdirSync(path.join(personal, 'folder', 'SKILL.md'), { recursive: true });
    fs.mkdirSync(path.join(personal, 'dangling'));
    fs.symlinkSync(path.join(personal, 'nowhere.md'), path.join(personal, 'dangling', 'SKILL.md'));
    fs.mkdirSync(path.join(personal, 'zero'));
    fs.symlinkSync('/dev/zero', path.join(personal, 'zero', 'SKILL.md'));
    writeBasic(personal, 'good-one');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['good-one']);
    const byFolder = new Map(r.problems.map((p) => [path.basename(path.dirname(p.path)), p.message]));
    expect(byFolder.get('folder')).toBe('SKILL.md is a folder: it must be a Markdown file');
    expect(byFolder.get('dangling')).toBe('SKILL.md is a symbolic link to nothing: fix or remove the link');
    expect(byFolder.get('zero')).toMatch(/not a regular file/);
    expect(r.problems).toHaveLength(3);
  });
});
