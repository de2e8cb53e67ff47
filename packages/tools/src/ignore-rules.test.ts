/**
 * The spec of ignore-rules.ts, which uses `ignore`'s private rule set: the shape it relies on is
 * there, and every answer equals the public `ignore().test()`, on a fixture tree walked by the
 * real walker and on generated patterns. A version of `ignore` that changes its internals fails
 * here loudly instead of answering wrongly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import ignore from 'ignore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules, ignoreInternalsPresent } from './ignore-rules.js';
import { loadRe2 } from './re2.js';
import { walkFiles } from './walk.js';

/** The public answer for one path against one file's text (it also checks the parent folders). */
const publicTest = (text: string, p: string) => both(ignore({ ignorecase: false }).add(text).test(p));
const both = (r: { ignored: boolean; unignored: boolean }) => ({ ignored: r.ignored, unignored: r.unignored });

/** A walk that uses only the public API: a folder the rules in force ignore is not entered. */
function referenceWalk(base: string): string[] {
  const out: string[] = [];
  const visit = (abs: string, rel: string, levels: Array<{ dir: string; text: string }>): void => {
    const names = fs.readdirSync(abs).sort();
    const outer = names.includes('.git') ? [] : levels; // a nested repository has its own rules
    const here = names.includes('.gitignore')
      ? [...outer, { dir: rel, text: fs.readFileSync(path.join(abs, '.gitignore'), 'utf8') }]
      : outer;
    for (const name of names) {
      if (name === '.git' || name === 'node_modules') continue;
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const isDir = fs.lstatSync(path.join(abs, name)).isDirectory();
      let ignored = false;
      for (const level of here) {
        const sub = level.dir === '' ? childRel : childRel.slice(level.dir.length + 1);
        const r = publicTest(level.text, isDir ? `${sub}/` : sub);
        if (r.ignored) ignored = true;
        else if (r.unignored) ignored = false;
      }
      if (ignored) continue;
      if (isDir) visit(path.join(abs, name), childRel, here);
      else out.push(childRel);
    }
  };
  visit(base, '', []);
  return out.sort();
}

let tmp: string;
beforeAll(async () => {
  await loadRe2();
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ignore-rules-')));
  const put = (rel: string, text = 'x\n'): void => {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp, rel), text);
  };
  put(
    '.gitignore',
    [
      '# a comment',
      '*.log',
      '!keep.log',
      'build/',
      '/top-only.txt',
      'docs/**/draft-*',
      'cache',
      '!cache/wanted',
      '\\#hash',
      'a?c',
      '[ab]x.md',
      '**/deep/*.tmp',
      'trailing-space\\ ',
      '',
    ].join('\n'),
  );
  for (const f of [
    'a.log',
    'keep.log',
    'src/b.log',
    'src/keep.log',
    'build/out.js',
    'src/build/out.js',
    'src/buildx/ok.js',
    'top-only.txt',
    'src/top-only.txt',
    'docs/x/y/draft-1.md',
    'docs/final.md',
    'docs/draft-0.md',
    'cache/wanted',
    'src/cache',
    '#hash',
    'abc',
    'abbc',
    'ax.md',
    'bx.md',
    'cx.md',
    'x/deep/t.tmp',
    'x/deep/t.txt',
    'trailing-space ',
    'trailing-space',
  ])
    put(f);
  put('src/.gitignore', ['*.gen.ts', '!important.gen.ts', 'local/', '/only-here.md'].join('\n'));
  for (const f of [
    'src/a.gen.ts',
    'src/important.gen.ts',
    'src/sub/b.gen.ts',
    'src/local/x.ts',
    'src/only-here.md',
    'src/sub/only-here.md',
    'src/main.ts',
  ])
    put(f);
  put('src/sub/.gitignore', ['!*.log', 'main.ts'].join('\n'));
  for (const f of ['src/sub/c.log', 'src/sub/main.ts', 'src/main2.ts']) put(f);
  put('nested/.git/HEAD');
  put('nested/.gitignore', 'inner-only\n');
  for (const f of ['nested/inner-only', 'nested/a.log']) put(f);
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("ignore's private rule set (ignore-rules.ts)", () => {
  it('still has the shape this module relies on (the pinned ignore 7.0.5)', () => {
    expect(ignoreInternalsPresent()).toBe(true);
    const notes: string[] = [];
    compileRules('*.log\n', '.gitignore', (n) => notes.push(n));
    expect(notes).toEqual([]);
  });

  it('answers like the public ignore().test() for every entry of a fixture tree, and the walker lists the same files', async () => {
    const fileTexts = [
      ...['', 'src', 'src/sub'].map((d) => ({
        dir: d,
        text: fs.readFileSync(path.join(tmp, d, '.gitignore'), 'utf8'),
      })),
    ];
    let compared = 0;
    for (const { dir, text } of fileTexts) {
      const fast = compileRules(text, `${dir}/.gitignore`, (n) => expect.fail(n));
      const entries = fs.readdirSync(path.join(tmp, dir), { recursive: true, withFileTypes: true });
      for (const e of entries) {
        const rel = path.relative(path.join(tmp, dir), path.join(e.parentPath, e.name)).split(path.sep).join('/');
        const p = e.isDirectory() ? `${rel}/` : rel;
        const parents = rel
          .split('/')
          .slice(0, -1)
          .map((_, i, all) => `${all.slice(0, i + 1).join('/')}/`);
        // The fast test checks one path only: compare where no parent folder is ignored (the walker never goes below one).
        if (parents.some((q) => publicTest(text, q).ignored)) continue;
        expect(both(fast(p)), `${dir}/.gitignore against ${p}`).toEqual(publicTest(text, p));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
    const walked = await walkFiles({ base: tmp, start: tmp, signal: new AbortController().signal });
    if (!walked.ok) throw new Error('walk aborted');
    expect(walked.notes).toEqual([]);
    expect(walked.files.sort()).toEqual(referenceWalk(tmp));
  });

  it('answers like the public ignore().test() for generated patterns and paths', () => {
    const piece = fc.constantFrom('a', 'b', 'c', '.log', '*', '**', '?', '[ab]', '/', 'x', '-', '\\!', '\\*');
    const pattern = fc
      .tuple(fc.constantFrom('', '!', '/'), fc.array(piece, { minLength: 1, maxLength: 5 }))
      .map(([head, body]) => head + body.join(''));
    const segment = fc
      .array(fc.constantFrom('a', 'b', 'c', 'x', '.log', '-', '!', '*'), { minLength: 1, maxLength: 4 })
      .map((s) => s.join(''));
    const rel = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([segs, dir]) => segs.join('/') + (dir ? '/' : ''));
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 4 }), rel, (lines, p) => {
        const text = lines.join('\n');
        const notes: string[] = [];
        const fast = compileRules(text, '.gitignore', (n) => notes.push(n));
        expect(notes).toEqual([]);
        const parents = p
          .replace(/\/$/, '')
          .split('/')
          .slice(0, -1)
          .map((_, i, all) => `${all.slice(0, i + 1).join('/')}/`);
        if (parents.some((q) => publicTest(text, q).ignored)) return;
        expect(both(fast(p))).toEqual(publicTest(text, p));
      }),
      { numRuns: 500 },
    );
  });
});
