import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { listWorkspaces, repoRoot as repo, runtimeDependents, type Workspace } from './workspaces.js';

const run = promisify(execFile);
const workspaces = listWorkspaces();
const isPrivate = new Map(workspaces.map((w) => [w.dir, w.manifest.private === true]));

/** A copy of every workspace manifest (no sources), enough for `changeset version` to plan bumps. */
function copyManifests(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'changesets-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(dir, file));
  }
  for (const ws of workspaces) {
    mkdirSync(path.join(dir, ws.dir), { recursive: true });
    cpSync(path.join(repo, ws.dir, 'package.json'), path.join(dir, ws.dir, 'package.json'));
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const version = (dir: string, ws: Workspace): string =>
  (JSON.parse(readFileSync(path.join(dir, ws.dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Applies one changeset with `changeset version` in a copy; the workspaces whose version moved. */
async function bumpedBy(dir: string, changeset: string): Promise<string[]> {
  const before = new Map(workspaces.map((ws) => [ws.dir, version(dir, ws)]));
  writeFileSync(path.join(dir, '.changeset/the-change.md'), `---\n${changeset}\n---\n\nA change.\n`);
  await run(path.join(repo, 'node_modules/.bin/changeset'), ['version'], { cwd: dir });
  return workspaces.filter((ws) => version(dir, ws) !== before.get(ws.dir)).map((ws) => ws.dir);
}

const dirsOf = (names: Iterable<string>): string[] =>
  workspaces.filter((ws) => [...names].includes(ws.manifest.name)).map((ws) => ws.dir);

describe('changesets: a release reaches every package that ships the changed code', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the workspaces from pnpm-workspace.yaml, the bins among them', () => {
    expect(workspaces.map((w) => w.dir)).toEqual(
      expect.arrayContaining(['packages/skills', 'apps/line-cli', 'apps/blessed-tui', 'apps/evals']),
    );
  });

  it('a skills-only patch bumps skills and every public package that depends on or bundles it, nothing private', async () => {
    dir = copyManifests();
    const changed = await bumpedBy(dir, '"@coding-harness/skills": patch');
    const expected = dirsOf([
      '@coding-harness/skills',
      ...runtimeDependents(workspaces, '@coding-harness/skills'),
    ]).filter((d) => isPrivate.get(d) !== true);
    expect(changed).toEqual(expected);
    // The bins bundle skills: both must be re-released, whatever the graph above says.
    expect(changed).toEqual(
      expect.arrayContaining([
        'packages/skills',
        'packages/tools',
        'packages/agent',
        'apps/line-cli',
        'apps/blessed-tui',
      ]),
    );
    if (existsSync(path.join(repo, 'packages/session/package.json'))) expect(changed).toContain('packages/session');
    for (const ws of workspaces.filter((w) => w.manifest.private === true)) {
      expect(changed).not.toContain(ws.dir);
      expect(existsSync(path.join(dir, ws.dir, 'CHANGELOG.md'))).toBe(false);
    }
    const cli = readFileSync(path.join(dir, 'apps/line-cli/CHANGELOG.md'), 'utf8');
    expect(cli).toContain('Updated dependencies');
  });

  it('a patch to the mock (a dev dependency only, never shipped inside another package) bumps the mock alone', async () => {
    dir = copyManifests();
    expect(await bumpedBy(dir, '"@coding-harness/mock-anthropic": patch')).toEqual(['packages/mock-anthropic']);
  });

  it('a minor to approval bumps approval and its runtime dependents, not skills, tools or the mock', async () => {
    dir = copyManifests();
    const changed = await bumpedBy(dir, '"@coding-harness/approval": minor');
    const expected = dirsOf([
      '@coding-harness/approval',
      ...runtimeDependents(workspaces, '@coding-harness/approval'),
    ]).filter((d) => isPrivate.get(d) !== true);
    expect(changed).toEqual(expected);
    expect(changed).not.toContain('packages/skills');
    expect(changed).not.toContain('packages/mock-anthropic');
  });
});
