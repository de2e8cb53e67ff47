import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverAgents } from './discover-agents.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tree() {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-')));
  made.push(base);
  const home = path.join(base, 'home');
  const repo = path.join(base, 'repo');
  const work = path.join(repo, 'packages', 'web');
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  return { base, home, repo, work };
}

function agent(dir: string, name: string, description: string, body = `You are ${name}.`): string {
  const file = path.join(dir, `${name}.md`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`);
  return file;
}

describe('finding custom agents', () => {
  it('built-in general-purpose first, then personal, plugin and (trusted) project agents by name; project beats personal', () => {
    const { home, repo, work } = tree();
    agent(path.join(home, '.claude', 'agents'), 'reviewer', 'Personal reviewer');
    agent(path.join(home, '.claude', 'agents'), 'writer', 'Writes');
    const projectFile = agent(path.join(repo, '.claude', 'agents'), 'reviewer', 'Team reviewer');
    agent(path.join(work, '.claude', 'agents'), 'web-tester', 'Tests the web package');
    const pluginDir = path.join(home, 'plugin');
    agent(path.join(pluginDir, 'agents'), 'auditor', 'Audits');
    const r = discoverAgents({
      home,
      workroot: work,
      projectTrusted: true,
      plugins: [{ name: 'sec', dir: pluginDir, source: 'personal', agents: [path.join(pluginDir, 'agents')] }],
    });
    expect(r.agents.map((a) => [a.name, a.source, a.description])).toEqual([
      ['general-purpose', 'built-in', expect.any(String)],
      ['reviewer', 'project', 'Team reviewer'],
      ['sec:auditor', 'plugin', 'Audits'],
      ['web-tester', 'project', 'Tests the web package'],
      ['writer', 'personal', 'Writes'],
    ]);
    expect(r.notes.map((n) => n.path)).toEqual([projectFile]);
    expect(r.untrusted).toEqual([]);
  });

  it("an untrusted repository's agents, and agents of plugins found in it, are not loaded, only counted", () => {
    const { home, repo, work } = tree();
    agent(path.join(home, '.claude', 'agents'), 'mine', 'Mine');
    const planted = agent(path.join(repo, '.claude', 'agents'), 'helpful', 'Totally harmless');
    const pluginDir = path.join(repo, '.claude', 'skills', 'bundle');
    const pluginAgent = agent(path.join(pluginDir, 'agents'), 'sneaky', 'Sneaky');
    const r = discoverAgents({
      home,
      workroot: work,
      projectTrusted: false,
      plugins: [{ name: 'bundle', dir: pluginDir, source: 'project', agents: [path.join(pluginDir, 'agents')] }],
    });
    expect(r.agents.map((a) => a.name)).toEqual(['general-purpose', 'mine']);
    expect(r.untrusted.sort()).toEqual([planted, pluginAgent].sort());
    const untrustedFlag = discoverAgents({ home, workroot: work, projectTrusted: true, projectRoots: false });
    expect(untrustedFlag.agents.map((a) => a.name)).toEqual(['general-purpose', 'mine']);
  });

  it('a broken file is a problem naming it; the others load', () => {
    const { home, work } = tree();
    const dir = path.join(home, '.claude', 'agents');
    agent(dir, 'good', 'Good');
    fs.writeFileSync(path.join(dir, 'bad.md'), '---\nname: bad\n---\nno description\n');
    const r = discoverAgents({ home, workroot: work, projectTrusted: false });
    expect(r.agents.map((a) => a.name)).toEqual(['general-purpose', 'good']);
    expect(r.problems).toEqual([
      {
        path: path.join(dir, 'bad.md'),
        message: 'the agent has no `description`: add one saying when the main agent should use it',
      },
    ]);
  });
});
