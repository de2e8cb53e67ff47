import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { put, useTempDirs, writeBasic } from './temp-tree.test-helper.js';

const temp = useTempDirs();

function setup() {
  const base = temp('skills-plugins-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  return { base, home, work };
}

/** A plugin folder as Claude Code lays it out: manifest, skills/<s>/SKILL.md, commands/*.md. */
function writePlugin(dir: string, name: string | undefined, skills: string[], commands: string[] = []): void {
  if (name !== undefined)
    put(path.join(dir, '.claude-plugin', 'plugin.json'), JSON.stringify({ name, version: '1.0.0' }));
  for (const s of skills) writeBasic(path.join(dir, 'skills'), s);
  for (const c of commands)
    put(path.join(dir, 'commands', `${c}.md`), `---\ndescription: Run ${c}\n---\nDo ${c}: $ARGUMENTS\n`);
}

async function names(home: string, work: string, explicit: string[]) {
  const r = await discover({ home, workroot: work, explicit, trustProject: false });
  return { names: r.skills.map((s) => s.name), r };
}

describe('--skills with plugin layouts', () => {
  it('a plugin folder: its skills and commands are named <plugin>:<name>, the name from plugin.json', async () => {
    const { base, home, work } = setup();
    const plugin = path.join(base, 'my-folder');
    writePlugin(plugin, 'security', ['audit', 'threat-model'], ['scan']);
    const { names: got, r } = await names(home, work, [plugin]);
    expect(got).toEqual(['security:audit', 'security:scan', 'security:threat-model']);
    expect(r.problems).toEqual([]);
    const audit = r.skills[0]!;
    expect(audit).toMatchObject({ plugin: 'security', pluginRoot: plugin, layout: 'plugin', source: 'explicit' });
    expect(audit.dir).toBe(path.join(plugin, 'skills', 'audit'));
    expect(r.skills[1]).toMatchObject({
      command: true,
      description: 'Run scan',
      plugin: 'security',
      pluginRoot: plugin,
    });
  });

  it('a plugin skill beats a plugin command of the same name, with a note naming both files', async () => {
    const { base, home, work } = setup();
    const plugin = path.join(base, 'p');
    writePlugin(plugin, 'p', ['review'], ['review']);
    const { r } = await names(home, work, [plugin]);
    expect(r.skills.map((s) => [s.name, s.command ?? false])).toEqual([['p:review', false]]);
    expect(r.notes.map((n) => n.message)).toEqual([
      `skill "p:review" (explicit) shadows ${path.join(plugin, 'commands', 'review.md')} (explicit); rename one of the folders to keep both`,
    ]);
  });

  it('a plugin without a manifest (just skills/) is named by its folder', async () => {
    const { base, home, work } = setup();
    const plugin = path.join(base, 'toolbox');
    writePlugin(plugin, undefined, ['lint']);
    expect((await names(home, work, [plugin])).names).toEqual(['toolbox:lint']);
  });

  it('a marketplace: every locally sourced plugin it lists; remote ones are named in one note', async () => {
    const { base, home, work } = setup();
    const market = path.join(base, 'market');
    writePlugin(path.join(market, 'plugins', 'one'), 'one', ['alpha']);
    writePlugin(path.join(market, 'plugins', 'two'), undefined, ['beta']);
    writePlugin(path.join(market, 'plugins', 'unlisted'), 'unlisted', ['gamma']);
    const file = path.join(market, '.claude-plugin', 'marketplace.json');
    put(
      file,
      JSON.stringify({
        name: 'm',
        plugins: [
          { name: 'one', source: './plugins/one' },
          { name: 'second', source: './plugins/two' },
          { name: 'far', source: { source: 'github', repo: 'o/r' } },
        ],
      }),
    );
    const { names: got, r } = await names(home, work, [market]);
    expect(got).toEqual(['one:alpha', 'second:beta']);
    expect(r.notes).toEqual([
      {
        path: file,
        message: '1 plugin(s) with a git or URL source are not fetched: far; clone one and give its folder to --skills',
      },
    ]);
  });

  it('a marketplace entry that lists its skills gets exactly those (several entries may share one folder)', async () => {
    const { base, home, work } = setup();
    const market = path.join(base, 'anthropic-style');
    for (const s of ['xlsx', 'pdf', 'art']) writeBasic(path.join(market, 'skills'), s);
    put(
      path.join(market, '.claude-plugin', 'marketplace.json'),
      JSON.stringify({
        plugins: [
          { name: 'document-skills', source: './', strict: false, skills: ['./skills/xlsx', './skills/pdf'] },
          { name: 'example-skills', source: './', strict: false, skills: ['./skills/art'] },
        ],
      }),
    );
    expect((await names(home, work, [market])).names).toEqual([
      'document-skills:pdf',
      'document-skills:xlsx',
      'example-skills:art',
    ]);
  });

  it('a folder holding plugins/<p>/ without a marketplace file, and a folder whose children are plugins', async () => {
    const { base, home, work } = setup();
    const repo = path.join(base, 'repo');
    writePlugin(path.join(repo, 'plugins', 'web'), 'web', ['deploy']);
    const folder = path.join(base, 'many');
    writePlugin(path.join(folder, 'a'), 'a', ['x']);
    writeBasic(folder, 'plain');
    expect((await names(home, work, [repo, folder])).names).toEqual(['a:x', 'plain', 'web:deploy']);
  });

  it('a manifest that does not parse is a problem naming it; the plugin is named by its folder', async () => {
    const { base, home, work } = setup();
    const plugin = path.join(base, 'broken');
    writePlugin(plugin, undefined, ['s']);
    put(path.join(plugin, '.claude-plugin', 'plugin.json'), '{ nope');
    const { names: got, r } = await names(home, work, [plugin]);
    expect(got).toEqual(['broken:s']);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.path).toBe(path.join(plugin, '.claude-plugin', 'plugin.json'));
    expect(r.problems[0]!.message).toMatch(/^is not valid JSON/);
  });

  it('plugin.json may list more skill folders and command files', async () => {
    const { base, home, work } = setup();
    const plugin = path.join(base, 'p');
    writeBasic(path.join(plugin, 'extra'), 'more');
    writeBasic(plugin, 'single');
    put(path.join(plugin, 'cmds', 'go.md'), 'Go now.\n');
    put(
      path.join(plugin, '.claude-plugin', 'plugin.json'),
      JSON.stringify({ name: 'p', skills: ['./extra', './single'], commands: './cmds/go.md' }),
    );
    expect((await names(home, work, [plugin])).names).toEqual(['p:go', 'p:more', 'p:single']);
  });

  it('a plain skill folder and a plain skills root still load as before', async () => {
    const { base, home, work } = setup();
    const root = path.join(base, 'root');
    writeBasic(root, 'one');
    const single = writeBasic(path.join(base, 'elsewhere'), 'two');
    expect((await names(home, work, [root, single])).names).toEqual(['one', 'two']);
  });
});
