import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { globTool } from './glob.js';
import { createGrepTool } from './grep.js';
import { findRg } from './grep-rg.js';
import { readFileTool } from './read-file.js';
import type { ToolContext } from './types.js';
import { runTool } from './testing/run-tool.test.util.js';

// Each test here once hung (or ran for minutes). The bound is vitest's per-test timeout: the
// assertions are about completing with the right error or note, never about a duration.
let tmp: string;
let root: string;
let ctx: ToolContext;
const rg = findRg(process.env.PATH);
const engines: Array<[string, string | null]> = [
  ['built-in', null],
  ...(rg ? ([['rg', rg]] as Array<[string, string]>) : []),
];
const put = (rel: string, content: string | Buffer): void => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), content);
};

/**
 * Resolves once this process has `file` open (a descriptor in /proc/self/fd points at it), or
 * never if `done` settles first. Polled between the tool's reads: a condition, not a delay.
 */
async function openedBy(file: string, done: Promise<unknown>): Promise<void> {
  let settled = false;
  void done.finally(() => (settled = true));
  const isOpen = (): boolean =>
    fs.readdirSync('/proc/self/fd').some((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    });
  while (!settled && !isOpen()) await new Promise((r) => setTimeout(r, 2));
  if (settled) await new Promise(() => undefined);
}

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'no-hang-')));
  root = path.join(tmp, 'root');
  fs.mkdirSync(root);
  ctx = createToolContext({ root });
  put('long/aaaa.txt', `${'a'.repeat(50_000)}b\nplain line\n`);
  execFileSync('mkfifo', [path.join(root, 'long', 'pipe')]);
  // 64 MiB in one line, with a word near the start.
  const big = Buffer.alloc(64 * 1024 * 1024, 'x');
  big.write('findme', 10);
  put('big/one-line.txt', big);
  // A .gitignore line that backtracks for minutes in a JavaScript RegExp against a long name.
  put('patho/.gitignore', `${'*a'.repeat(20)}*b\nkept-out.txt\n`);
  put(`patho/${'a'.repeat(200)}`, 'needle\n');
  put('patho/kept-out.txt', 'needle\n');
  put('patho/visible.txt', 'needle\n');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each(engines)('grep (%s engine) never hangs', (_name, rgPath) => {
  const grep = createGrepTool({ rgPath });

  it('a catastrophic pattern, (a+)+$ on a long aaaa…b line, finishes with the right answer', async () => {
    const none = await runTool(grep, { pattern: '(a+)+$', path: 'long/aaaa.txt' }, ctx);
    expect(none.isError).toBe(false);
    expect(none.content).toContain('No matches');
    const some = await runTool(grep, { pattern: '(a+)+b$', path: 'long', output: 'count' }, ctx);
    expect(some.content).toContain('long/aaaa.txt:1');
  });

  it('a FIFO in the tree is skipped and a FIFO as the path is refused, both without blocking', async () => {
    const tree = await runTool(grep, { pattern: 'plain', path: 'long' }, ctx);
    expect(tree.content).toBe('long/aaaa.txt');
    const pipe = await runTool(grep, { pattern: 'x', path: 'long/pipe' }, ctx);
    expect(pipe.isError).toBe(true);
    expect(pipe.content).toContain('FIFO');
  });

  it('a pathological .gitignore line is matched in linear time; the other lines still apply', async () => {
    const r = await runTool(grep, { pattern: 'needle', path: 'patho' }, ctx);
    expect(r.content.split('\n').sort()).toEqual([`patho/${'a'.repeat(200)}`, 'patho/visible.txt']);
  });

  it('a 64 MB single-line file is skipped with a note naming it, not held in memory whole', async () => {
    const r = await runTool(grep, { pattern: 'findme', path: 'big' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content).toContain('No matches');
    expect(r.content).toMatch(/1 line longer than 1 MiB was not searched \(big\/one-line\.txt:1\)/);
  });
});

describe('the other tools never hang either', () => {
  it('glob finishes past the pathological .gitignore line', async () => {
    const r = await runTool(globTool, { pattern: '**/*', path: 'patho' }, ctx);
    expect(r.content).toContain('patho/visible.txt');
    expect(r.content).not.toContain('kept-out.txt');
  });

  it('read_file shows a bounded slice of a 64 MB single-line file with a note', async () => {
    const r = await runTool(readFileTool, { path: 'big/one-line.txt' }, ctx);
    expect(r.isError).toBe(false);
    expect(r.content.length).toBeLessThan(3000);
    expect(r.content).toContain('xxxxfindme');
    expect(r.content).toContain(`[line cut: ${64 * 1024 * 1024 - 2000} more characters]`);
  });

  it('grep answers an abort in the middle of a large file (cancelled, not a finished scan)', async () => {
    put('huge/lines.txt', Buffer.alloc(64 * 1024 * 1024, 'abcdefghij\n'));
    const ac = new AbortController();
    const running = runTool(
      createGrepTool({ rgPath: null }),
      { pattern: '[ab]c[xz]', path: 'huge' },
      { ...ctx, signal: ac.signal },
    );
    // Aborted once the scan has the file open: in the middle of it, whatever the machine's speed.
    void openedBy(path.join(root, 'huge/lines.txt'), running).then(() => ac.abort());
    expect(await running).toMatchObject({ isError: true, display: 'cancelled' });
  });

  it('read_file answers an abort while streaming a large file', async () => {
    const ac = new AbortController();
    const running = runTool(readFileTool, { path: 'big/one-line.txt' }, { ...ctx, signal: ac.signal });
    void openedBy(path.join(root, 'big/one-line.txt'), running).then(() => ac.abort());
    const r = await running;
    expect(r.isError === false || r.display === 'cancelled').toBe(true);
  });
});

describe('rg is never taken from the repository', () => {
  it('ignores relative PATH entries and entries or binaries inside the work root', () => {
    const bin = path.join(root, 'node_modules', '.bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'rg'), `#!/bin/sh\ntouch ${path.join(tmp, 'pwned')}\n`, { mode: 0o755 });
    const relative = path.relative(process.cwd(), bin);
    expect(fs.existsSync(path.join(relative, 'rg'))).toBe(true);
    expect(findRg(relative)).toBeNull();
    expect(findRg(bin, [root])).toBeNull();
    expect(findRg(`${relative}${path.delimiter}${bin}`, [root])).toBeNull();
    expect(findRg(bin)).toBe(path.join(bin, 'rg'));
    expect(fs.existsSync(path.join(tmp, 'pwned'))).toBe(false);
  });
});
