import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workspaces = ['packages/skills', 'packages/tools', 'packages/approval', 'packages/agent', 'packages/mock-anthropic', 'apps/line-cli', 'apps/blessed-tui'];

/** A copy of the workspace manifests (no sources), enough for `changeset version` to plan bumps. */
function copyManifests(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'changesets-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(dir, file));
  }
  for (const ws of workspaces) {
    mkdirSync(path.join(dir, ws), { recursive: true });
    cpSync(path.join(repo, ws, 'package.json'), path.join(dir, ws, 'package.json'));
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const version = (dir: string, ws: string): string =>
  (JSON.parse(readFileSync(path.join(dir, ws, 'package.json'), 'utf8')) as { version: string }).version;

describe('changesets: independent versions', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('bumps the package named and its dependents, nothing else', async () => {
    dir = copyManifests();
    const before = Object.fromEntries(workspaces.map((ws) => [ws, version(dir, ws)]));
    writeFileSync(path.join(dir, '.changeset/approval-change.md'), '---\n"@coding-harness/approval": minor\n---\n\nA rule form.\n');
    await run(path.join(repo, 'node_modules/.bin/changeset'), ['version'], { cwd: dir });
    const changed = workspaces.filter((ws) => version(dir, ws) !== before[ws]);
    expect(changed.sort()).toEqual(['apps/blessed-tui', 'apps/line-cli', 'packages/agent', 'packages/approval'].sort());
    expect(version(dir, 'packages/skills')).toBe(before['packages/skills']);
    expect(version(dir, 'packages/mock-anthropic')).toBe(before['packages/mock-anthropic']);
  });
});
