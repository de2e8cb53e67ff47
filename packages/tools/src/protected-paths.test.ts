/** Skill and protected folders: refused for writes through any path, at the same cost with many of them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { protectedReason } from './protected-paths.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'protected-')));
  made.push(dir);
  return dir;
}

describe('protectedReason over the context dirs', () => {
  it('refuses a target inside a protected dir given as a symbolic link, by its real path', () => {
    const tmp = tempDir();
    fs.mkdirSync(path.join(tmp, 'root'));
    fs.mkdirSync(path.join(tmp, 'state'));
    fs.symlinkSync(path.join(tmp, 'state'), path.join(tmp, 'root', 'state-link'));
    const ctx = createToolContext({
      root: path.join(tmp, 'root'),
      protectedDirs: [path.join(tmp, 'root', 'state-link')],
    });
    expect(protectedReason(ctx, path.join(tmp, 'state', 'sessions', 'a.jsonl'))).toMatch(/the protected directory/);
    expect(protectedReason(ctx, path.join(tmp, 'state'))).toMatch(/the protected directory/);
    expect(protectedReason(ctx, path.join(tmp, 'stateful', 'x'))).toBeUndefined();
    expect(protectedReason(ctx, path.join(tmp, 'root', 'src', 'a.ts'))).toBeUndefined();
  });

  it('finds the one skill dir among 10,000 that holds the target, and names it as a skill dir', () => {
    const tmp = tempDir();
    const skills = Array.from({ length: 10_000 }, (_, i): Skill => {
      const dir = path.join(tmp, 'skills', `s-${i}`);
      const base = { name: `s-${i}`, description: 'x', dir, file: path.join(dir, 'SKILL.md'), root: path.dirname(dir) };
      return {
        ...base,
        source: 'personal',
        allowedTools: [],
        userInvocable: true,
        disableModelInvocation: false,
        extra: {},
      };
    });
    fs.mkdirSync(path.join(tmp, 'skills', 's-7777'), { recursive: true });
    const ctx = createToolContext({
      root: tmp,
      skills,
      protectedDirs: skills.map((s) => s.dir),
    });
    expect(protectedReason(ctx, path.join(tmp, 'skills', 's-7777', 'SKILL.md'))).toContain(
      `the skill directory ${path.join(tmp, 'skills', 's-7777')}`,
    );
    expect(protectedReason(ctx, path.join(tmp, 'skills', 's-77770', 'SKILL.md'))).toBeUndefined();
    expect(protectedReason(ctx, path.join(tmp, 'skills', 'SKILL.md'))).toBeUndefined();
  });
});

describe('protected names: what runs or instructs later', () => {
  it.each([
    '.claude/settings.json',
    '.claude/settings.local.json',
    '.claude/commands/deploy.md',
    '.claude/agents/helper.md',
    'pkg/.Claude/hooks/x.sh',
    'AGENTS.md',
    'docs/agents.md',
    'CLAUDE.md',
    'sub/CLAUDE.local.md',
    '.husky/pre-commit',
    '.npmrc',
    'packages/web/.npmrc',
    '.yarnrc.yml',
    '.yarnrc',
    '.mcp.json',
    '.vscode/tasks.json',
    '.envrc',
    'sub/.envrc',
  ])('refuses %s', (rel) => {
    const root = tempDir();
    const reason = protectedReason(createToolContext({ root }), path.join(root, rel), rel);
    expect(reason).toMatch(/^Refused: .* is /);
  });

  it.each(['src/npmrc.ts', '.vscode/extensions.json', 'agents.md.bak', 'docs/claude-md.txt', '.npmrc.d/x'])(
    'allows %s',
    (rel) => {
      const root = tempDir();
      expect(protectedReason(createToolContext({ root }), path.join(root, rel), rel)).toBeUndefined();
    },
  );

  it("refuses the folder git's core.hooksPath names, relative or absolute, in a worktree too", () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, '.git'));
    fs.writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(
      path.join(root, '.git', 'config'),
      '[user]\n\tname = x\n[Core]\n\tbare = false\n\tHooksPath = "tools/git hooks" ; comment\n',
    );
    const ctx = createToolContext({ root });
    expect(protectedReason(ctx, path.join(root, 'tools', 'git hooks', 'pre-commit'))).toMatch(
      /the git hooks folder tools\/git hooks \(core\.hooksPath\)/,
    );
    expect(protectedReason(ctx, path.join(root, 'tools', 'other.sh'))).toBeUndefined();

    const main = tempDir();
    const wt = tempDir();
    fs.mkdirSync(path.join(main, '.git', 'worktrees', 'wt'), { recursive: true });
    fs.writeFileSync(path.join(main, '.git', 'config'), '[core]\nhooksPath=.hooks\n');
    fs.writeFileSync(path.join(main, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
    fs.writeFileSync(path.join(wt, '.git'), `gitdir: ${path.join(main, '.git', 'worktrees', 'wt')}\n`);
    expect(protectedReason(createToolContext({ root: wt }), path.join(wt, '.hooks', 'post-checkout'))).toMatch(
      /core\.hooksPath/,
    );
  });
});
