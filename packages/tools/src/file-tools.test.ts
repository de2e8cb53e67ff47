import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { editFileTool } from './edit-file.js';
import { readFileTool, SYNC_READ_BYTES } from './read-file.js';
import type { ToolContext } from './types.js';
import { writeFileTool } from './write-file.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
let ctx: ToolContext;
const write = (rel: string, content: string | Buffer): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
};
const read = (rel: string): string => fs.readFileSync(path.join(root, rel), 'utf8');

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'filetools-')));
  root = path.join(tmp, 'root');
  fs.mkdirSync(root);
  ctx = createToolContext({ root });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('read_file', () => {
  it('returns numbered lines like cat -n and records the read', async () => {
    write('a.txt', 'one\ntwo\n');
    const r = await runTool(readFileTool, { path: 'a.txt' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).toBe('     1\tone\n     2\ttwo');
    const st = fs.statSync(path.join(root, 'a.txt'));
    expect(ctx.readTracker.get(path.join(root, 'a.txt'))).toEqual({ mtimeMs: st.mtimeMs, size: st.size });
  });

  it('honours offset and limit and says how to read on', async () => {
    write('n.txt', Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n'));
    const r = await runTool(readFileTool, { path: 'n.txt', offset: 3, limit: 2 }, ctx);
    expect(r.content.split('\n').slice(0, 2)).toEqual(['     3\tline 3', '     4\tline 4']);
    expect(r.content).toContain('Showing lines 3-4 of 10');
    expect(r.content).toContain('offset=5');
  });

  it('caps at 2,000 lines by default', async () => {
    write('big.txt', Array.from({ length: 2500 }, (_, i) => `${i + 1}`).join('\n'));
    const r = await runTool(readFileTool, { path: 'big.txt' }, ctx);
    const numbered = r.content.split('\n').filter((l) => /^\s+\d+\t/.test(l));
    expect(numbered).toHaveLength(2000);
    expect(r.content).toContain('offset=2001');
  });

  it('caps at 256 KiB of output', async () => {
    write('wide.txt', Array.from({ length: 1000 }, () => 'x'.repeat(1000)).join('\n'));
    const r = await runTool(readFileTool, { path: 'wide.txt' }, ctx);
    expect(Buffer.byteLength(r.content)).toBeLessThan(256 * 1024 + 500);
    expect(r.content).toContain('256 KiB');
  });

  it('cuts long lines with a marker', async () => {
    write('long.txt', 'y'.repeat(2500));
    const r = await runTool(readFileTool, { path: 'long.txt' }, ctx);
    expect(r.content).toContain('line cut: 500 more characters');
  });

  it('checks the first 8 KiB for NUL bytes, whatever the file size, and reads multi-chunk files whole', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `row ${i + 1} ${'z'.repeat(i % 7)}`);
    write('many.txt', lines.join('\n'));
    const many = await runTool(readFileTool, { path: 'many.txt', offset: 29_999 }, ctx);
    expect(many.content.split('\n')).toEqual([` 29999\t${lines[29_998]}`, ` 30000\t${lines[29_999]}`]);
    // Both sides of SYNC_READ_BYTES: read whole at once, or streamed in chunks.
    for (const size of [SYNC_READ_BYTES - 1000, SYNC_READ_BYTES + 1000]) {
      const late = Buffer.alloc(size, 0x61);
      late[9000] = 0;
      write('late-nul.txt', late);
      expect((await runTool(readFileTool, { path: 'late-nul.txt', limit: 1 }, ctx)).isError).toBe(false);
      const early = Buffer.alloc(size, 0x61);
      early[8000] = 0;
      write('early-nul.txt', early);
      expect((await runTool(readFileTool, { path: 'early-nul.txt' }, ctx)).content).toContain('binary');
      const n = Math.floor(size / 100);
      write('text.txt', Array.from({ length: n }, (_, i) => `${i + 1}`.padEnd(99, '.')).join('\n'));
      const tail = await runTool(readFileTool, { path: 'text.txt', offset: n }, ctx);
      expect(tail.content).toBe(`${String(n).padStart(6)}\t${`${n}`.padEnd(99, '.')}`);
    }
  });

  it('refuses binary files, directories and missing files; says when a file is empty', async () => {
    write('bin.dat', Buffer.from([0x41, 0x00, 0x42]));
    write('empty.txt', '');
    fs.mkdirSync(path.join(root, 'dir'));
    const bin = await runTool(readFileTool, { path: 'bin.dat' }, ctx);
    expect(bin.isError).toBe(true);
    expect(bin.content).toContain('binary');
    const dir = await runTool(readFileTool, { path: 'dir' }, ctx);
    expect(dir.isError).toBe(true);
    expect(dir.content).toContain('glob');
    const missing = await runTool(readFileTool, { path: 'nope.txt' }, ctx);
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('nope.txt');
    const empty = await runTool(readFileTool, { path: 'empty.txt' }, ctx);
    expect(empty).toMatchObject({ isError: false });
    expect(empty.content).toContain('empty');
  });

  it('reads a file in a skill directory outside the root', async () => {
    const skillDir = path.join(tmp, 'skill');
    fs.mkdirSync(skillDir);
    fs.writeFileSync(path.join(skillDir, 'ref.md'), 'reference');
    const c = createToolContext({ root, skills: [{ dir: skillDir } as never] });
    const r = await runTool(readFileTool, { path: path.join(skillDir, 'ref.md') }, c);
    expect(r.content).toBe('     1\treference');
    const out = await runTool(readFileTool, { path: '../skill/ref.md' }, ctx);
    expect(out.isError).toBe(true);
  });
});

describe('write_file', () => {
  it('creates a new file and its parents without a prior read', async () => {
    const r = await runTool(writeFileTool, { path: 'deep/er/new.txt', content: 'a\nb\n' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).toContain('Created deep/er/new.txt (2 lines');
    expect(read('deep/er/new.txt')).toBe('a\nb\n');
  });

  it('refuses to overwrite a file that was not read, then succeeds after read_file', async () => {
    write('a.txt', 'old');
    const refused = await runTool(writeFileTool, { path: 'a.txt', content: 'new' }, ctx);
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('read_file');
    expect(read('a.txt')).toBe('old');
    await runTool(readFileTool, { path: 'a.txt' }, ctx);
    expect((await runTool(writeFileTool, { path: 'a.txt', content: 'new' }, ctx)).isError).toBe(false);
    expect(read('a.txt')).toBe('new');
    expect((await runTool(writeFileTool, { path: 'a.txt', content: 'newer' }, ctx)).isError).toBe(false);
  });

  it('refuses a stale read (the file changed on disk since)', async () => {
    write('a.txt', 'old');
    await runTool(readFileTool, { path: 'a.txt' }, ctx);
    write('a.txt', 'changed by someone else');
    const r = await runTool(writeFileTool, { path: 'a.txt', content: 'new' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('changed on disk');
  });

  it('refuses paths outside the root, including a skill directory', async () => {
    const skillDir = path.join(tmp, 'skill');
    fs.mkdirSync(skillDir);
    const c = createToolContext({ root, skills: [{ dir: skillDir } as never] });
    const r = await runTool(writeFileTool, { path: path.join(skillDir, 'x.md'), content: 'x' }, c);
    expect(r.isError).toBe(true);
    expect(fs.existsSync(path.join(skillDir, 'x.md'))).toBe(false);
    expect((await runTool(writeFileTool, { path: '../escape.txt', content: 'x' }, ctx)).isError).toBe(true);
  });

  it('previews the change as a unified diff', async () => {
    write('a.txt', 'one\ntwo\n');
    const diff = await writeFileTool.preview?.({ path: 'a.txt', content: 'one\n2\n' }, ctx);
    expect(diff).toBe('--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2');
  });
});

describe('edit_file', () => {
  it('replaces one exact occurrence and returns a diff snippet', async () => {
    write('a.ts', 'const a = 1;\nconst b = 2;\n');
    await runTool(readFileTool, { path: 'a.ts' }, ctx);
    const r = await runTool(editFileTool, { path: 'a.ts', old_string: 'b = 2', new_string: 'b = 3' }, ctx);
    expect(r.isError).toBe(false);
    expect(read('a.ts')).toBe('const a = 1;\nconst b = 3;\n');
    expect(r.content).toContain('-const b = 2;\n+const b = 3;');
  });

  it('says 0 matches, and how many when ambiguous without replace_all', async () => {
    write('a.ts', 'x\nx\n');
    await runTool(readFileTool, { path: 'a.ts' }, ctx);
    const none = await runTool(editFileTool, { path: 'a.ts', old_string: 'y', new_string: 'z' }, ctx);
    expect(none.isError).toBe(true);
    expect(none.content).toContain('0 matches');
    const two = await runTool(editFileTool, { path: 'a.ts', old_string: 'x', new_string: 'z' }, ctx);
    expect(two.isError).toBe(true);
    expect(two.content).toContain('matches 2 places');
    const all = await runTool(editFileTool, { path: 'a.ts', old_string: 'x', new_string: 'z', replace_all: true }, ctx);
    expect(all.isError).toBe(false);
    expect(read('a.ts')).toBe('z\nz\n');
  });

  it('requires a prior read, refuses a stale one, and allows successive edits', async () => {
    write('a.ts', 'a\nb\n');
    const blind = await runTool(editFileTool, { path: 'a.ts', old_string: 'a', new_string: 'A' }, ctx);
    expect(blind.isError).toBe(true);
    expect(blind.content).toContain('read_file');
    await runTool(readFileTool, { path: 'a.ts' }, ctx);
    expect((await runTool(editFileTool, { path: 'a.ts', old_string: 'a', new_string: 'A' }, ctx)).isError).toBe(false);
    expect((await runTool(editFileTool, { path: 'a.ts', old_string: 'b', new_string: 'B' }, ctx)).isError).toBe(false);
    write('a.ts', 'external change\n');
    const stale = await runTool(editFileTool, { path: 'a.ts', old_string: 'external', new_string: 'x' }, ctx);
    expect(stale.isError).toBe(true);
    expect(stale.content).toContain('changed on disk');
  });

  it('keeps CRLF line endings, matching \\n in old_string against them', async () => {
    write('w.txt', 'one\r\ntwo\r\nthree\r\n');
    await runTool(readFileTool, { path: 'w.txt' }, ctx);
    const r = await runTool(editFileTool, { path: 'w.txt', old_string: 'one\ntwo', new_string: 'one\n2\nextra' }, ctx);
    expect(r.isError).toBe(false);
    expect(read('w.txt')).toBe('one\r\n2\r\nextra\r\nthree\r\n');
  });

  it('keeps the final-newline state of the file', async () => {
    write('n.txt', 'a\nb\n');
    write('m.txt', 'a\nb');
    await runTool(readFileTool, { path: 'n.txt' }, ctx);
    await runTool(readFileTool, { path: 'm.txt' }, ctx);
    await runTool(editFileTool, { path: 'n.txt', old_string: 'b\n', new_string: 'c' }, ctx);
    await runTool(editFileTool, { path: 'm.txt', old_string: 'b', new_string: 'c\n' }, ctx);
    expect(read('n.txt')).toBe('a\nc\n');
    expect(read('m.txt')).toBe('a\nc');
  });

  it('refuses missing files (use write_file) and paths outside the root', async () => {
    const missing = await runTool(editFileTool, { path: 'none.ts', old_string: 'a', new_string: 'b' }, ctx);
    expect(missing.isError).toBe(true);
    expect(missing.content).toContain('write_file');
    const out = await runTool(editFileTool, { path: '/etc/hostname', old_string: 'a', new_string: 'b' }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain(root);
  });

  it('previews the edit as a unified diff without writing', async () => {
    write('a.ts', 'a\nb\n');
    const diff = await editFileTool.preview?.({ path: 'a.ts', old_string: 'b', new_string: 'c' }, ctx);
    expect(diff).toBe('--- a.ts\n+++ a.ts\n@@ -1,2 +1,2 @@\n a\n-b\n+c');
    expect(read('a.ts')).toBe('a\nb\n');
  });
});
