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
