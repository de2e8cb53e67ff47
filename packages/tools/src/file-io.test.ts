/** The text-file seam (`ToolContext.files`): the bytes move through it, every check stays on disk. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { SEAM_READ_MAX_BYTES } from './file-io.js';
import { readFileTool } from './read-file.js';
import type { TextFileIo, ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
const write = (rel: string, content: string | Buffer): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
};
const disk = (rel: string): string => fs.readFileSync(path.join(root, rel), 'utf8');

/** An editor with unsaved buffers: reads return the buffer when it has one; writes change the buffer (and save when `saves`). */
function editor(opts: { saves?: boolean; failWrites?: string } = {}) {
  const buffers = new Map<string, string>();
  const asked: string[] = [];
  const written: string[] = [];
  const files: TextFileIo = {
    async readText(abs) {
      asked.push(abs);
      return buffers.get(abs);
    },
    async writeText(abs, text) {
      written.push(abs);
      if (opts.failWrites !== undefined) throw new Error(opts.failWrites);
      buffers.set(abs, text);
      if (opts.saves === true) fs.writeFileSync(abs, text);
    },
  };
  return { files, buffers, asked, written };
}

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'file-io-')));
  root = path.join(tmp, 'root');
  fs.mkdirSync(root);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const context = (files: TextFileIo): ToolContext => createToolContext({ root, files });

describe('read_file through the seam', () => {
  it("returns the editor's text, not the disk's, and records the disk's state for staleness", async () => {
    write('a.txt', 'on disk\n');
    const ed = editor();
    ed.buffers.set(path.join(root, 'a.txt'), 'unsaved line 1\nunsaved line 2\n');
    const ctx = context(ed.files);
    const r = await runTool(readFileTool, { path: 'a.txt', offset: 2 }, ctx);
    expect(r.content).toBe('     2\tunsaved line 2');
    const st = fs.statSync(path.join(root, 'a.txt'));
    expect(ctx.readTracker.get(path.join(root, 'a.txt'))).toEqual({ mtimeMs: st.mtimeMs, size: st.size });
  });

  it('reads the disk when the seam has no text for the file, or fails', async () => {
    write('a.txt', 'on disk\n');
    expect((await runTool(readFileTool, { path: 'a.txt' }, context(editor().files))).content).toBe('     1\ton disk');
    const failing: TextFileIo = { readText: () => Promise.reject(new Error('no such buffer')) };
    expect((await runTool(readFileTool, { path: 'a.txt' }, context(failing))).content).toBe('     1\ton disk');
  });

  it('reads a file larger than SEAM_READ_MAX_BYTES from disk, under the usual caps', async () => {
    write('big.log', `${'x'.repeat(1023)}\n`.repeat(SEAM_READ_MAX_BYTES / 1024 + 1));
    const ed = editor();
    ed.buffers.set(path.join(root, 'big.log'), 'editor text');
    const r = await runTool(readFileTool, { path: 'big.log', limit: 1 }, context(ed.files));
    expect(r.content).toMatch(/^\s+1\tx{1023}\n/);
    expect(ed.asked).toEqual([]);
  });

  it('never asks for a path the jail refuses, a binary file, a directory or a FIFO-like non-file', async () => {
    fs.writeFileSync(path.join(tmp, 'outside.txt'), 'secret');
    write('bin.dat', Buffer.from([0x41, 0, 0x42]));
    fs.mkdirSync(path.join(root, 'dir'));
    const ed = editor();
    const ctx = context(ed.files);
    expect((await runTool(readFileTool, { path: '../outside.txt' }, ctx)).isError).toBe(true);
    expect((await runTool(readFileTool, { path: path.join(tmp, 'outside.txt') }, ctx)).isError).toBe(true);
    expect((await runTool(readFileTool, { path: 'bin.dat' }, ctx)).content).toContain('binary');
    expect((await runTool(readFileTool, { path: 'dir' }, ctx)).isError).toBe(true);
    expect((await runTool(readFileTool, { path: 'missing.txt' }, ctx)).isError).toBe(true);
    expect(ed.asked).toEqual([]);
  });
});

describe('write_file and edit_file through the seam', () => {
  it('edit_file applies the edit to the editor text and writes it back through the seam; the disk is untouched', async () => {
    write('a.ts', 'const a = 1;\n');
    const abs = path.join(root, 'a.ts');
    const ed = editor();
    ed.buffers.set(abs, 'const a = 1;\nconst b = 2; // unsaved\n');
    const ctx = context(ed.files);
    await runTool(readFileTool, { path: 'a.ts' }, ctx);
    // On disk the unsaved line does not exist: the edit can only apply to the buffer.
    const input = { path: 'a.ts', old_string: 'const b = 2;', new_string: 'const b = 3;' };
    expect(editFileTool.refuse?.(input, ctx)).toBeUndefined();
    expect(await editFileTool.preview?.(input, ctx)).toContain('+const b = 3; // unsaved');
    const r = await runTool(editFileTool, input, ctx);
    expect(r.isError).toBe(false);
    expect(ed.buffers.get(abs)).toBe('const a = 1;\nconst b = 3; // unsaved\n');
    expect(disk('a.ts')).toBe('const a = 1;\n');
    expect(r.diff).toContain('-const b = 2; // unsaved');
    expect(r.diff).toContain('+const b = 3; // unsaved');
  });

  it('write_file creates a new file through the seam, diffs against the editor text, and successive edits are not stale', async () => {
    const ed = editor({ saves: true });
    const ctx = context(ed.files);
    const created = await runTool(writeFileTool, { path: 'src/new.txt', content: 'one\n' }, ctx);
    expect(created.isError).toBe(false);
    expect(ed.written).toEqual([path.join(root, 'src/new.txt')]);
    expect(disk('src/new.txt')).toBe('one\n');
    // The editor saved: the tracker took the disk's new state, so an edit right after is not refused as stale.
    const edited = await runTool(editFileTool, { path: 'src/new.txt', old_string: 'one', new_string: 'two' }, ctx);
    expect(edited.isError).toBe(false);
    expect(disk('src/new.txt')).toBe('two\n');
    const over = await runTool(writeFileTool, { path: 'src/new.txt', content: 'three\n' }, ctx);
    expect(over.diff).toContain('-two');
    expect(over.diff).toContain('+three');
  });

  it('a write the seam rejects is an error naming the path, and leaves no empty new file behind', async () => {
    const ed = editor({ failWrites: 'buffer is read-only' });
    const ctx = context(ed.files);
    const r = await runTool(writeFileTool, { path: 'new.txt', content: 'x' }, ctx);
    expect(r).toMatchObject({ isError: true, content: 'Cannot write new.txt: buffer is read-only' });
    expect(fs.existsSync(path.join(root, 'new.txt'))).toBe(false);
    write('old.txt', 'a\n');
    await runTool(readFileTool, { path: 'old.txt' }, ctx);
    const e = await runTool(editFileTool, { path: 'old.txt', old_string: 'a', new_string: 'b' }, ctx);
    expect(e).toMatchObject({ isError: true, content: 'Cannot edit old.txt: buffer is read-only' });
    expect(disk('old.txt')).toBe('a\n');
  });

  it('never writes through the seam where the disk checks refuse: outside the root, .git, unread or stale files', async () => {
    write('.git/config', '[core]\n');
    write('seen.txt', 'v1\n');
    write('unread.txt', 'u\n');
    const ed = editor();
    const ctx = context(ed.files);
    await runTool(readFileTool, { path: 'seen.txt' }, ctx);
    fs.writeFileSync(path.join(root, 'seen.txt'), 'v2 changed on disk\n');
    const results = [
      await runTool(writeFileTool, { path: '../escape.txt', content: 'x' }, ctx),
      await runTool(writeFileTool, { path: '.git/config', content: 'x' }, ctx),
      await runTool(writeFileTool, { path: 'unread.txt', content: 'x' }, ctx),
      await runTool(editFileTool, { path: 'seen.txt', old_string: 'v', new_string: 'w' }, ctx),
    ];
    for (const r of results) expect(r.isError).toBe(true);
    expect(results[2]?.content).toContain('has not been read');
    expect(results[3]?.content).toContain('changed on disk');
    expect(ed.written).toEqual([]);
    expect(fs.existsSync(path.join(tmp, 'escape.txt'))).toBe(false);
  });
});
