import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { createGlobTool, globTool } from './glob.js';
import { createGrepTool, grepSearch } from './grep.js';
import type { ToolContext } from './types.js';
import { runTool } from './testing/run-tool.test.util.js';

let tmp: string;
let root: string;
let ctx: ToolContext;
const grep = createGrepTool({ rgPath: null });
const write = (rel: string, content: string | Buffer, mtimeSec?: number): void => {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  if (mtimeSec !== undefined) fs.utimesSync(p, mtimeSec, mtimeSec);
};

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'search-')));
  root = path.join(tmp, 'root');
  fs.mkdirSync(root);
  ctx = createToolContext({ root });
  write('.gitignore', 'dist/\n*.log\n!keep.log\n');
  write('src/a.ts', 'export const alpha = 1;\n// TODO: beta\n', 1000);
  write('src/b.ts', 'import { alpha } from "./a";\nconst Gamma = alpha;\n', 3000);
  write('src/nested/.gitignore', 'secret.ts\n');
  write('src/nested/secret.ts', 'alpha secret\n', 2000);
  write('src/nested/c.ts', 'gamma alpha\n', 2000);
  write('dist/out.ts', 'alpha\n');
  write('debug.log', 'alpha\n');
  write('keep.log', 'alpha kept\n');
  write('node_modules/pkg/index.ts', 'alpha\n');
  write('.git/config', 'alpha\n');
  write('image.bin', Buffer.from('alpha\0binary'));
  write('.hidden/h.ts', 'alpha hidden\n', 500);
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('glob', () => {
  it('matches under the root, honouring root and nested .gitignore, skipping .git and node_modules, newest first', async () => {
    const r = await runTool(globTool, { pattern: '**/*.ts' }, ctx);
    expect(r.content.split('\n')).toEqual(['src/b.ts', 'src/nested/c.ts', 'src/a.ts', '.hidden/h.ts']);
  });

  it('honours !negations and path', async () => {
    expect((await runTool(globTool, { pattern: '*.log' }, ctx)).content).toBe('keep.log');
    expect((await runTool(globTool, { pattern: '*.ts', path: 'src' }, ctx)).content.split('\n')).toEqual([
      'src/b.ts',
      'src/a.ts',
    ]);
    expect((await runTool(globTool, { pattern: 'nested/*.ts', path: 'src' }, ctx)).content).toBe('src/nested/c.ts');
  });

  it('caps results with a count of the rest', async () => {
    const capped = await runTool(createGlobTool(2), { pattern: '**/*.ts' }, ctx);
    expect(capped.content).toContain('src/b.ts\nsrc/nested/c.ts\n… and 2 more (4 in all)');
  });

  it('does not enter an ignored directory named in the pattern', async () => {
    expect((await runTool(globTool, { pattern: 'dist/**' }, ctx)).content).toContain('No files match');
  });

  it('refuses paths outside the root and lists a skill directory with absolute paths', async () => {
    expect((await runTool(globTool, { pattern: '*', path: '..' }, ctx)).isError).toBe(true);
    const skillDir = path.join(tmp, 'skill');
    fs.mkdirSync(path.join(skillDir, 'ref'), { recursive: true });
    fs.writeFileSync(path.join(skillDir, 'ref', 'r.md'), 'alpha ref');
    const c = createToolContext({ root, skills: [{ dir: skillDir } as never] });
    expect((await runTool(globTool, { pattern: '**/*.md', path: skillDir }, c)).content).toBe(
      path.join(skillDir, 'ref', 'r.md'),
    );
    const g = await runTool(grep, { pattern: 'alpha', path: skillDir }, c);
    expect(g.content).toBe(path.join(skillDir, 'ref', 'r.md'));
  });

  it('does not follow symlinks out of the root', async () => {
    const out = path.join(tmp, 'outside');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'leak.ts'), 'alpha leak');
    fs.symlinkSync(out, path.join(root, 'link'));
    fs.symlinkSync(path.join(out, 'leak.ts'), path.join(root, 'leak.ts'));
    expect((await runTool(globTool, { pattern: '**/leak.ts' }, ctx)).content).toContain('No files match');
    expect((await runTool(grep, { pattern: 'leak' }, ctx)).content).toContain('No matches');
    expect((await runTool(grep, { pattern: 'leak', path: 'link' }, ctx)).isError).toBe(true);
  });
});

describe('grep (built-in engine)', () => {
  it('lists matching files sorted by path, honouring .gitignore, skipping binaries, .git and node_modules', async () => {
    const r = await runTool(grep, { pattern: 'alpha' }, ctx);
    expect(r.content.split('\n')).toEqual(['.hidden/h.ts', 'keep.log', 'src/a.ts', 'src/b.ts', 'src/nested/c.ts']);
  });

  it('shows content with line numbers and context', async () => {
    const r = await runTool(grep, { pattern: 'Gamma', output: 'content', ignore_case: true }, ctx);
    expect(r.content).toBe('src/b.ts:2:const Gamma = alpha;\nsrc/nested/c.ts:1:gamma alpha');
    const withCtx = await runTool(grep, { pattern: 'TODO', output: 'content', context: 1 }, ctx);
    expect(withCtx.content).toBe('src/a.ts-1-export const alpha = 1;\nsrc/a.ts:2:// TODO: beta');
  });

  it('counts per file', async () => {
    const r = await runTool(grep, { pattern: 'alpha', output: 'count', glob: '*.ts', path: 'src' }, ctx);
    expect(r.content).toBe('src/a.ts:1\nsrc/b.ts:2\nsrc/nested/c.ts:1\n\n4 matching lines in 3 files.');
  });

  it('filters by glob on the name or on the path below the search directory', async () => {
    expect((await runTool(grep, { pattern: 'alpha', glob: '*.log' }, ctx)).content).toBe('keep.log');
    expect((await runTool(grep, { pattern: 'alpha', glob: 'nested/*.ts', path: 'src' }, ctx)).content).toBe(
      'src/nested/c.ts',
    );
  });

  it('uses JavaScript regular expressions, refuses lookaround (no linear-time form) and reports invalid ones', async () => {
    const r = await runTool(grep, { pattern: 'const \\w+ =', output: 'content' }, ctx);
    expect(r.content).toBe('src/a.ts:1:export const alpha = 1;\nsrc/b.ts:2:const Gamma = alpha;');
    const look = await runTool(grep, { pattern: '(?<=const )\\w+(?= =)', output: 'content' }, ctx);
    expect(look.isError).toBe(true);
    expect(look.content).toContain('lookaround');
    const bad = await runTool(grep, { pattern: '(' }, ctx);
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain('Invalid regular expression');
  });

  it('searches one file when path is a file', async () => {
    expect((await runTool(grep, { pattern: 'beta', path: 'src/a.ts', output: 'count' }, ctx)).content).toContain(
      'src/a.ts:1',
    );
  });

  it('caps content output and counts what is left out', async () => {
    write('many.txt', Array.from({ length: 400 }, (_, i) => `hit ${i}`).join('\n'));
    const r = await runTool(grep, { pattern: 'hit', output: 'content' }, ctx);
    const lines = r.content.split('\n');
    expect(lines.filter((l) => l.startsWith('many.txt:'))).toHaveLength(250);
    expect(lines[lines.length - 1]).toContain('150 more matching lines');
  });

  it('summarises counts in English for people (1 file, 1 match)', async () => {
    write('one.txt', 'unique-needle-xyz\n');
    expect((await runTool(grep, { pattern: 'unique-needle-xyz' }, ctx)).display).toBe('1 file');
    expect((await runTool(grep, { pattern: 'unique-needle-xyz', output: 'content' }, ctx)).display).toBe(
      '1 match in 1 file',
    );
  });

  it('says so when nothing matches', async () => {
    const r = await runTool(grep, { pattern: 'zzz-nothing' }, ctx);
    expect(r).toMatchObject({ isError: false, display: 'no matches' });
  });

  it('reports which engine answered', async () => {
    const r = await grepSearch(ctx, { pattern: 'alpha' }, null);
    expect(r.ok && r.engine).toBe('builtin');
  });
});
