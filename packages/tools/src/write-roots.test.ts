/**
 * Added writable roots (`--add-dir`): the file tools read and write in them under the work root's
 * rules, with the real tools on real folders: a write lands, an edit after a read lands, the
 * protected names hold there too (`.git`), a symlink out of the added folder is refused, and
 * the permission target counts as inside (acceptEdits treats it as the work root).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { filePermission } from './file-guard.js';
import { grepTool } from './grep.js';
import { readFileTool } from './read-file.js';
import type { ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
let added: string;
let ctx: ToolContext;

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'write-roots-')));
  root = path.join(tmp, 'work');
  added = path.join(tmp, 'shared');
  for (const d of [root, added, path.join(tmp, 'outside')]) fs.mkdirSync(d);
  // Given through a symlink: the context realpaths it once.
  fs.symlinkSync(added, path.join(tmp, 'shared-link'));
  ctx = createToolContext({ root, writeRoots: [path.join(tmp, 'shared-link')] });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('writeRoots (--add-dir)', () => {
  it('write_file creates a file there, read_file reads it, edit_file changes it, grep finds it', async () => {
    expect(ctx.writeRoots).toEqual([added]);
    const file = path.join(added, 'lib', 'notes.txt');
    const w = await runTool(writeFileTool, { path: file, content: 'one\ntwo\n' }, ctx);
    expect(w.isError, w.content).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    const r = await runTool(readFileTool, { path: file }, ctx);
    expect(r.content).toContain('two');
    const e = await runTool(editFileTool, { path: file, old_string: 'two', new_string: 'TWO' }, ctx);
    expect(e.isError, e.content).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('one\nTWO\n');
    const g = await runTool(grepTool, { pattern: 'TWO', path: added }, ctx);
    expect(g.content).toContain('notes.txt');
  });

  it('the protected names hold there too, and a symlink out of it is refused', async () => {
    fs.mkdirSync(path.join(added, '.git'));
    const git = await runTool(writeFileTool, { path: path.join(added, '.git', 'config'), content: 'x' }, ctx);
    expect(git.isError).toBe(true);
    expect(git.content).toMatch(/Refused: .*\.git/);
    fs.symlinkSync(path.join(tmp, 'outside'), path.join(added, 'escape'));
    const out = await runTool(writeFileTool, { path: path.join(added, 'escape', 'x.txt'), content: 'x' }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain('outside the work root');
    expect(out.content).toContain(`the added directories (${added})`);
    expect(fs.existsSync(path.join(tmp, 'outside', 'x.txt'))).toBe(false);
  });

  it('counts as inside for the permission question; elsewhere stays outside', () => {
    expect(filePermission(root, path.join(added, 'a.txt'), ctx.writeRoots)).toEqual({
      target: path.join(added, 'a.txt'),
      insideRoot: true,
    });
    expect(filePermission(root, path.join(tmp, 'outside', 'a.txt'), ctx.writeRoots)).toMatchObject({
      insideRoot: false,
    });
    // Without writeRoots the folder is outside, as before.
    expect(filePermission(root, path.join(added, 'a.txt'))).toMatchObject({ insideRoot: false });
  });
});
