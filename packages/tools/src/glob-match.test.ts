import fc from 'fast-check';
import picomatch from 'picomatch';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileGlob } from './glob-match.js';
import { loadRe2 } from './re2.js';

beforeAll(async () => {
  await loadRe2();
});

const globs = [
  '**/*.ts',
  'src/**/index.*',
  '*.{js,ts}',
  '**',
  'a/**/b',
  '?(x)',
  '**/.*',
  '**/*.[jt]s?(x)',
  'src/*',
  '*a*b',
  '[ab]?.js',
  '.x/**',
  '!(*.ts)',
  'a/*/b/**/*.js',
];
const segment = fc.constantFrom('a', 'b', 'src', 'x.ts', 'a.js', '.x', 'index.ts', 'ab.jsx', 'x', 'b.ts', 'ax.js');
const relPath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('/'));

describe('compileGlob', () => {
  it('agrees with picomatch on every path the walker can produce', () => {
    fc.assert(
      fc.property(fc.constantFrom(...globs), relPath, (glob, rel) => {
        const compiled = compileGlob(glob);
        if (!compiled.ok) throw new Error(compiled.error);
        expect(compiled.test(rel)).toBe(picomatch(glob, { dot: true })(rel));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches a pathological glob against a long name in linear time', () => {
    const compiled = compileGlob(`${'*a'.repeat(20)}*b`);
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.test('a'.repeat(250))).toBe(false);
    expect(compiled.test(`${'a'.repeat(40)}b`)).toBe(true);
  });

  it('refuses a glob it could only run with backtracking and many stars, saying why', () => {
    const compiled = compileGlob('!(*a*a*a*b)');
    expect(compiled.ok).toBe(false);
    if (!compiled.ok) expect(compiled.error).toContain('linear-time');
  });
});
