import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { readFileTool } from './read-file.js';
import { openForWrite } from './safe-write.js';
import type { Tool, ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
let outside: string;
let ctx: ToolContext;
const put = (rel: string, content: string): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
};

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'write-safety-')));
  root = path.join(tmp, 'root');
  outside = path.join(tmp, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  fs.mkdirSync(path.join(root, 'skills-here', 'deploy'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'skills-here', 'deploy', 'SKILL.md'),
    '---\nname: deploy\ndescription: d\n---\nbody\n',
  );
  ctx = createToolContext({
    root,
    skills: [{ dir: path.join(root, 'skills-here', 'deploy') } as never],
    protectedDirs: [path.join(root, '.harness-state'), path.join(tmp, 'config')],
  });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const mkfifo = (abs: string): void => {
  execFileSync('mkfifo', [abs]);
};

describe('protected paths: write_file and edit_file refuse them whatever the permission mode', () => {
  const cases: Array<[string, string]> = [
    ['.git/config', 'git metadata'],
    ['.git/hooks/pre-commit', 'git metadata'],
    ['vendor/lib/.git/config', 'git metadata'],
    ['.git', 'git metadata'],
    ['.GIT/config', 'git metadata'],
    ['sub/../.git/config', 'git metadata'],
    ['.agents/skills/evil/SKILL.md', '.agents/skills'],
    ['pkg/.claude/skills/evil/SKILL.md', '.claude/skills'],
    ['.claude/skills', '.claude/skills'],
    ['skills-here/deploy/SKILL.md', 'skill directory'],
    ['skills-here/deploy/scripts/run.sh', 'skill directory'],
    ['.harness-state/session.jsonl', 'protected directory'],
  ];
  for (const [rel, rule] of cases) {
    it(`refuses ${rel} (${rule}), before asking and when run`, async () => {
      const refusal = writeFileTool.refuse?.({ path: rel, content: 'x' }, ctx);
      expect(refusal).toContain(rule);
      const r = await runTool(writeFileTool, { path: rel, content: 'x' }, ctx);
      expect(r.isError).toBe(true);
      expect(r.content).toContain(rule);
      expect(r.content).toContain('in any permission mode');
    });
  }

  it('refuses the protected dirs given as absolute paths outside the root too (they fail the jail first)', async () => {
    const r = await runTool(writeFileTool, { path: path.join(tmp, 'config', 'settings.json'), content: '{}' }, ctx);
    expect(r.isError).toBe(true);
    expect(fs.existsSync(path.join(tmp, 'config', 'settings.json'))).toBe(false);
  });

  it('edit_file refuses .git/config even after it was read', async () => {
    put('.git/config', '[core]\n\tbare = false\n');
    expect((await runTool(readFileTool, { path: '.git/config' }, ctx)).isError).toBe(false);
    const r = await runTool(
      editFileTool,
      { path: '.git/config', old_string: 'bare = false', new_string: 'fsmonitor = ./evil.sh' },
      ctx,
    );
    expect(r.isError).toBe(true);
    expect(r.content).toContain('git metadata');
    expect(fs.readFileSync(path.join(root, '.git/config'), 'utf8')).not.toContain('fsmonitor');
  });

  it('a symlink inside the root pointing at .git does not hide it', async () => {
    put('.git/config', '[core]\n');
    fs.symlinkSync('.git', path.join(root, 'innocent'));
    const r = await runTool(writeFileTool, { path: 'innocent/hooks/post-checkout', content: '#!/bin/sh\n' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('git metadata');
    expect(fs.existsSync(path.join(root, '.git/hooks'))).toBe(false);
  });

  it('an ordinary file next to them is still written', async () => {
    const r = await runTool(writeFileTool, { path: 'src/gitignore-notes.md', content: 'fine\n' }, ctx);
    expect(r.isError).toBe(false);
    expect(fs.readFileSync(path.join(root, 'src/gitignore-notes.md'), 'utf8')).toBe('fine\n');
  });
});

describe('non-regular files are refused without being opened', () => {
  it('write_file and edit_file refuse a FIFO, and their previews return at once', async () => {
    mkfifo(path.join(root, 'pipe'));
    for (const tool of [writeFileTool, editFileTool] as const) {
      const input = { path: 'pipe', content: 'x', old_string: 'a', new_string: 'b' };
      expect(await tool.preview?.(input as never, ctx)).toBeUndefined();
      expect(tool.refuse?.(input as never, ctx)).toContain('FIFO');
      const r = await runTool(tool as Tool<never>, input as never, ctx);
      expect(r.isError).toBe(true);
      expect(r.content).toContain('FIFO');
    }
  });

  it('read_file refuses a FIFO and a socket-like device without blocking', async () => {
    mkfifo(path.join(root, 'pipe'));
    const r = await runTool(readFileTool, { path: 'pipe' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('FIFO');
  });
});

describe('writes cannot change files outside the root', () => {
  it('refuses a file with more than one hard link, saying why', async () => {
    fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
    fs.linkSync(path.join(outside, 'victim.txt'), path.join(root, 'linked.txt'));
    expect((await runTool(readFileTool, { path: 'linked.txt' }, ctx)).isError).toBe(false);
    const w = await runTool(writeFileTool, { path: 'linked.txt', content: 'overwritten\n' }, ctx);
    expect(w.isError).toBe(true);
    expect(w.content).toContain('2 hard links');
    const e = await runTool(editFileTool, { path: 'linked.txt', old_string: 'precious', new_string: 'gone' }, ctx);
    expect(e.isError).toBe(true);
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
  });

  it('a folder swapped for a symlink after the jail check makes the open fail, nothing lands outside', () => {
    fs.mkdirSync(path.join(root, 'dir'));
    const abs = path.join(root, 'dir', 'new.txt');
    // The jail has resolved `abs`; now the folder is swapped for a link pointing out of the root.
    fs.rmdirSync(path.join(root, 'dir'));
    fs.symlinkSync(outside, path.join(root, 'dir'));
    const opened = openForWrite(ctx, abs, 'dir/new.txt', true);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error).toMatch(/changed while it was being opened|outside the work root/);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('a file swapped for a symlink after the check is not followed', () => {
    fs.writeFileSync(path.join(outside, 'victim.txt'), 'precious\n');
    fs.symlinkSync(path.join(outside, 'victim.txt'), path.join(root, 'f.txt'));
    const opened = openForWrite(ctx, path.join(root, 'f.txt'), 'f.txt', true);
    expect(opened.ok).toBe(false);
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious\n');
  });

  it('creates missing folders inside the root one by one', async () => {
    const r = await runTool(writeFileTool, { path: 'a/b/c/d.txt', content: 'deep\n' }, ctx);
    expect(r.isError).toBe(false);
    expect(fs.readFileSync(path.join(root, 'a/b/c/d.txt'), 'utf8')).toBe('deep\n');
  });
});
