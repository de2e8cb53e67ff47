/**
 * Plugins installed the way Claude Code's installer lays them out: `installed_plugins.json`
 * (both shapes), the cache folder `cache/<marketplace>/<plugin>/<version>/`, and `enabledPlugins`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from '../discover.js';
import { put, useTempDirs, writeBasic } from '../temp-tree.test-helper.js';

const temp = useTempDirs();

function setup() {
  const base = temp('skills-installed-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(work, { recursive: true });
  return { base, home, work };
}

/** A plugin in the cache as `/plugin install` leaves it: manifest, a skill, a command, an agent, hooks and MCP files. */
function cachedPlugin(home: string, marketplace: string, name: string, version: string): string {
  const dir = path.join(home, '.claude', 'plugins', 'cache', marketplace, name, version);
  put(path.join(dir, '.claude-plugin', 'plugin.json'), JSON.stringify({ name, version, description: 'x' }));
  writeBasic(path.join(dir, 'skills'), 'brainstorm');
  put(path.join(dir, 'commands', 'plan.md'), '---\ndescription: Write a plan\n---\nPlan $ARGUMENTS\n');
  put(path.join(dir, 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews\n---\nReview.\n');
  put(path.join(dir, 'hooks', 'hooks.json'), '{"hooks":{}}');
  put(path.join(dir, '.mcp.json'), '{"mcpServers":{}}');
  return dir;
}

function writeInstalled(home: string, data: unknown): string {
  const file = path.join(home, '.claude', 'plugins', 'installed_plugins.json');
  put(file, JSON.stringify(data, null, 2));
  return file;
}

describe('installed Claude Code plugins', () => {
  it('version 2 file: an enabled plugin loads its skills and commands as <plugin>:<name>, with a record of its agents, hooks and MCP files', async () => {
    const { home, work } = setup();
    const dir = cachedPlugin(home, 'superpowers-marketplace', 'superpowers', '4.0.3');
    writeInstalled(home, {
      version: 2,
      plugins: {
        'superpowers@superpowers-marketplace': [
          { scope: 'user', installPath: dir, version: '4.0.3', lastUpdated: '2026-11-01T00:00:00.000Z' },
        ],
      },
    });
    const r = await discover({ home, workroot: work, enabledPlugins: { 'superpowers@superpowers-marketplace': true } });
    expect(r.skills.map((s) => [s.name, s.source, s.plugin, s.pluginRoot])).toEqual([
      ['superpowers:brainstorm', 'personal', 'superpowers', dir],
      ['superpowers:plan', 'personal', 'superpowers', dir],
    ]);
    expect(r.problems).toEqual([]);
    expect(r.plugins).toEqual([
      {
        name: 'superpowers',
        dir,
        source: 'personal',
        key: 'superpowers@superpowers-marketplace',
        version: '4.0.3',
        agents: [path.join(dir, 'agents')],
        hooksFile: path.join(dir, 'hooks', 'hooks.json'),
        mcpFile: path.join(dir, '.mcp.json'),
      },
    ]);
  });

  it('version 1 file (one object per key) loads the same way; the name falls back to the key when plugin.json has none', async () => {
    const { home, work } = setup();
    const dir = path.join(home, '.claude', 'plugins', 'marketplaces', 'm', 'plugins', 'tools');
    writeBasic(path.join(dir, 'skills'), 'lint');
    writeInstalled(home, {
      version: 1,
      plugins: { 'tools@m': { version: '1.0.0', installPath: dir, isLocal: true } },
    });
    const r = await discover({ home, workroot: work, enabledPlugins: { 'tools@m': true } });
    expect(r.skills.map((s) => s.name)).toEqual(['tools:lint']);
    expect(r.plugins?.map((p) => [p.name, p.key, p.version])).toEqual([['tools', 'tools@m', '1.0.0']]);
  });

  it('a disabled or not-enabled plugin provides nothing, and says nothing', async () => {
    const { home, work } = setup();
    const dir = cachedPlugin(home, 'm', 'quiet', '1.0.0');
    writeInstalled(home, { version: 2, plugins: { 'quiet@m': [{ scope: 'user', installPath: dir }] } });
    const choices: (Record<string, boolean> | undefined)[] = [{ 'quiet@m': false }, {}, undefined];
    for (const enabled of choices) {
      const r = await discover({ home, workroot: work, ...(enabled ? { enabledPlugins: enabled } : {}) });
      expect(r.skills).toEqual([]);
      expect(r.plugins).toBeUndefined();
      expect(r.notes).toEqual([]);
    }
  });

  it('a project-scoped installation loads only in its own project', async () => {
    const { base, home, work } = setup();
    const dir = cachedPlugin(home, 'm', 'team', '2.0.0');
    writeInstalled(home, {
      version: 2,
      plugins: { 'team@m': [{ scope: 'project', projectPath: path.join(base, 'other'), installPath: dir }] },
    });
    const elsewhere = await discover({ home, workroot: work, enabledPlugins: { 'team@m': true } });
    expect(elsewhere.skills).toEqual([]);
    expect(elsewhere.notes.map((n) => n.message)).toEqual([
      `settings enable plugin "team@m" but it is not installed for this folder: install it with Claude Code's /plugin install, or remove it from enabledPlugins`,
    ]);
    const own = await discover({ home, workroot: path.join(base, 'other'), enabledPlugins: { 'team@m': true } });
    expect(own.skills.map((s) => s.name)).toEqual(['team:brainstorm', 'team:plan']);
  });

  it('an install folder that is gone and a broken file are named, never fatal', async () => {
    const { home, work } = setup();
    writeInstalled(home, {
      version: 2,
      plugins: { 'gone@m': [{ scope: 'user', installPath: path.join(home, 'nope') }] },
    });
    const gone = await discover({ home, workroot: work, enabledPlugins: { 'gone@m': true } });
    expect(gone.notes.map((n) => n.message)).toEqual([
      `plugin "gone@m" is installed at ${path.join(home, 'nope')}, which does not exist: reinstall it with Claude Code's /plugin install`,
    ]);
    const file = path.join(home, '.claude', 'plugins', 'installed_plugins.json');
    fs.writeFileSync(file, '{ not json');
    const broken = await discover({ home, workroot: work, enabledPlugins: { 'gone@m': true } });
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]?.path).toBe(file);
    expect(broken.problems[0]?.message).toMatch(/^is not valid JSON/);
  });

  it('a plugin folder inside a skills root loads as a plugin, next to the plain skills', async () => {
    const { base, home, work } = setup();
    const root = path.join(home, '.claude', 'skills');
    writeBasic(root, 'plain');
    const plugin = path.join(root, 'bundle');
    put(path.join(plugin, '.claude-plugin', 'plugin.json'), JSON.stringify({ name: 'bundle' }));
    writeBasic(path.join(plugin, 'skills'), 'inner');
    put(path.join(plugin, 'agents', 'helper.md'), '---\nname: helper\ndescription: Helps\n---\nHelp.\n');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['bundle:inner', 'plain']);
    expect(r.plugins?.map((p) => [p.name, p.agents])).toEqual([['bundle', [path.join(plugin, 'agents')]]]);
    expect(base).toBeTruthy();
  });
});
