import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommandFile } from './commands.js';
import { discover } from './discover.js';
import { useFifos } from './fifo.test-helper.js';
import { put, useTempDirs, writeBasic } from './temp-tree.test-helper.js';

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
    const r = await discover({ home, workroot: work });
    expect(fifo.rescued()).toEqual([]);
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
    const r = await discover({ home, workroot: work, explicit: [dir] });
    expect(fifo.rescued()).toEqual([]);
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

describe('discover: other repository files that are FIFOs are named, never waited on', () => {
  it('a plugin.json: a problem naming it, the skills named after the folder', async () => {
    const { home, work } = setup();
    const plugin = path.join(work, 'security');
    fs.mkdirSync(path.join(plugin, '.claude-plugin'), { recursive: true });
    fifo(path.join(plugin, '.claude-plugin', 'plugin.json'));
    writeBasic(path.join(plugin, 'skills'), 'audit');
    const r = await discover({ home, workroot: work, explicit: [plugin], trustProject: false });
    expect(fifo.rescued()).toEqual([]);
    expect(r.skills.map((s) => s.name)).toEqual(['security:audit']);
    expect(r.problems).toEqual([
      {
        path: path.join(plugin, '.claude-plugin', 'plugin.json'),
        message: 'is a FIFO, socket or device, not a regular file: it was not read',
      },
    ]);
  });

  it('a marketplace.json: a problem naming it, the plugins/ folder still read', async () => {
    const { home, work } = setup();
    const market = path.join(work, 'market');
    fs.mkdirSync(path.join(market, '.claude-plugin'), { recursive: true });
    fifo(path.join(market, '.claude-plugin', 'marketplace.json'));
    writeBasic(path.join(market, 'plugins', 'ops', 'skills'), 'deploy');
    const r = await discover({ home, workroot: work, explicit: [market], trustProject: false });
    expect(fifo.rescued()).toEqual([]);
    expect(r.skills.map((s) => s.name)).toEqual(['ops:deploy']);
    expect(r.problems.map((p) => p.path)).toEqual([path.join(market, '.claude-plugin', 'marketplace.json')]);
  });

  it('a .gitignore in a monorepo package: a note naming it, the nested skills still found', async () => {
    const { home, work } = setup();
    fs.mkdirSync(path.join(work, '.git'));
    writeBasic(path.join(work, 'packages', 'web', '.agents', 'skills'), 'storybook');
    fifo(path.join(work, 'packages', 'web', '.gitignore'));
    const r = await discover({ home, workroot: work });
    expect(fifo.rescued()).toEqual([]);
    expect(r.skills.map((s) => s.name)).toEqual(['storybook']);
    expect(r.notes).toEqual([
      {
        path: path.join(work, 'packages', 'web', '.gitignore'),
        message:
          'is a FIFO, socket or device, not a regular file: it was not read; its rules were not applied to the search for nested skills',
      },
    ]);
  });

  it('a command file, or a link to one: a problem naming each; the other commands load', async () => {
    const { home, work } = setup();
    const commands = path.join(work, '.claude', 'commands');
    put(path.join(commands, 'review.md'), 'Review the diff.\n');
    fifo(path.join(commands, 'piped.md'));
    fs.symlinkSync(path.join(commands, 'piped.md'), path.join(commands, 'linked.md'));
    const r = await discover({ home, workroot: work });
    expect(fifo.rescued()).toEqual([]);
    expect(r.skills.map((s) => s.name)).toEqual(['review']);
    const message = 'the command file is a FIFO, socket or device, not a regular file: it was not read';
    expect([...r.problems].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual([
      { path: path.join(commands, 'linked.md'), message },
      { path: path.join(commands, 'piped.md'), message },
    ]);
    const direct = await readCommandFile(path.join(commands, 'piped.md'), 'piped');
    expect(fifo.rescued()).toEqual([]);
    expect(direct).toEqual({ ok: false, problem: { path: path.join(commands, 'piped.md'), message } });
  });
});
