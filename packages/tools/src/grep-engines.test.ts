import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { createGrepTool, grepSearch } from './grep.js';
import { findRg } from './grep-rg.js';
import { requiredLiteral, toRustRegex } from './grep-regex.js';
import type { ToolContext } from './types.js';
import { runTool } from './testing/run-tool.test.util.js';

const rg = findRg(process.env.PATH);
if (!rg) console.warn('grep-engines.test: skipping the rg engine comparison: `rg` is not on PATH');

let tmp: string;
let ctx: ToolContext;

const words = ['alpha', 'Beta', 'gamma_1', 'délta', 'TODO', 'fixme', 'x-y', 'a.b', '(paren)', 'tab\there', '😀emoji'];

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'engines-')));
  const rnd = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { numRuns: 4000, seed: 42 });
  let k = 0;
  const next = (n: number): number => (rnd[k++ % rnd.length] ?? 0) % n;
  const write = (rel: string, content: string | Buffer): void => {
    const p = path.join(tmp, rel);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  };
  write('.gitignore', 'build/\n*.tmp\n!important.tmp\n');
  write('pkg/.gitignore', 'gen-*\n');
  for (let f = 0; f < 120; f++) {
    const dir = ['src', 'src/lib', 'pkg', 'pkg/sub', 'build', 'docs', '.cfg'][next(7)];
    const ext = ['.ts', '.md', '.tmp', '.js', ''][next(5)];
    const name = `${['file', 'gen-x', 'important', 'note'][next(4)]}${f}${ext}`;
    const lines = Array.from({ length: 1 + next(12) }, () =>
      Array.from({ length: 1 + next(5) }, () => words[next(words.length)]).join(' '),
    );
    const eol = next(4) === 0 ? '\r\n' : '\n';
    write(`${dir}/${name}`, lines.join(eol) + (next(2) ? eol : ''));
  }
  write('important.tmp', 'alpha important\n');
  write(
    'bin/blob.dat',
    Buffer.concat([Buffer.from('alpha\n'), Buffer.alloc(70_000, 0x61), Buffer.from([0]), Buffer.from('\nalpha\n')]),
  );
  write('node_modules/m/index.js', 'alpha\n');
  ctx = createToolContext({ root: tmp });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const queries: Array<Record<string, unknown>> = [
  { pattern: 'alpha' },
  { pattern: 'alpha', output: 'content' },
  { pattern: 'alpha', output: 'count' },
  { pattern: 'beta', ignore_case: true, output: 'content' },
  { pattern: 'gamma_\\d', output: 'content', context: 1 },
  { pattern: '\\bx-y\\b', output: 'content' },
  { pattern: 'a\\.b|\\(paren\\)', output: 'count' },
  { pattern: '^TODO', output: 'content' },
  { pattern: 'fixme$', output: 'content' },
  { pattern: 'd[ée]lta\\s+\\w+', output: 'content' },
  { pattern: '[^a-z ]+here', output: 'count' },
  { pattern: 'alpha', glob: '*.ts' },
  { pattern: 'alpha', glob: 'sub/*', path: 'pkg', output: 'count' },
  { pattern: 'alpha', path: 'src', output: 'content' },
  { pattern: 'TODO', path: 'pkg/sub' },
  { pattern: '(?<name>Beta) gamma', output: 'content' },
  { pattern: 'alpha (Beta|gamma)\\b', output: 'content' },
];

describe.skipIf(!rg)('grep engines agree (rg present)', () => {
  it.each(queries)('same output for %j', async (q) => {
    const builtin = await runTool(createGrepTool({ rgPath: null }), q as never, ctx);
    const viaRg = await runTool(createGrepTool({ rgPath: rg }), q as never, ctx);
    expect(viaRg).toEqual(builtin);
    expect(builtin.isError).toBe(false);
    expect(builtin.display).not.toBe('no matches');
  });

  it('uses rg for portable patterns; both engines refuse lookaround the same way', async () => {
    const portable = await grepSearch(ctx, { pattern: 'gamma_\\d' }, rg);
    expect(portable.ok && portable.engine).toBe('rg');
    const viaRg = await runTool(createGrepTool({ rgPath: rg }), { pattern: 'alpha(?= Beta)' }, ctx);
    expect(viaRg).toEqual(await runTool(createGrepTool({ rgPath: null }), { pattern: 'alpha(?= Beta)' }, ctx));
    expect(viaRg.isError).toBe(true);
  });

  it('drops files rg flags as binary, like the built-in engine', async () => {
    const r = await grepSearch(ctx, { pattern: 'alpha', path: 'bin' }, rg);
    expect(r.ok && r.files).toEqual([]);
  });

  it('falls back to the built-in engine when rg fails', async () => {
    const r = await grepSearch(ctx, { pattern: 'alpha' }, path.join(tmp, 'no-such-rg'));
    expect(r.ok && r.engine).toBe('builtin');
  });
});

describe('toRustRegex', () => {
  it('gives \\w \\d \\s \\b their JavaScript meanings and refuses what has no equivalent', () => {
    expect(toRustRegex('\\w+\\d')).toBe('[0-9A-Za-z_]+[0-9]');
    expect(toRustRegex('\\bfoo\\B')).toBe('(?-u:\\b)foo(?-u:\\B)');
    expect(toRustRegex('(?<n>a)')).toBe('(?P<n>a)');
    expect(toRustRegex('a\\/b')).toBe('a/b');
    expect(toRustRegex('[a&&b]')).toBe('[a\\&\\&b]');
    expect(toRustRegex('(a)\\1')).toBeUndefined();
    expect(toRustRegex('(?=a)')).toBeUndefined();
    expect(toRustRegex('\\p{L}')).toBeUndefined();
  });
});

describe('requiredLiteral (the built-in byte prefilter)', () => {
  it('takes the leading literal run, dropping a last character made optional', () => {
    expect(requiredLiteral('fn_[a-z]+')).toBe('fn_');
    expect(requiredLiteral('^foo\\.bar?')).toBe('foo.ba');
    expect(requiredLiteral('ab*c')).toBeUndefined();
    expect(requiredLiteral('foo|bar')).toBeUndefined();
    expect(requiredLiteral('(?<=x)abc')).toBeUndefined();
  });
});
