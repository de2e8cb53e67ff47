import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchLines, matchRequired } from './grep-match.js';
import { compilePattern } from './grep-regex.js';
import { FileScan, GREP_BLOCK_BYTES, GREP_LINE_MAX_BYTES, scanSpec } from './grep-scan.js';
import type { LineHit } from './grep-types.js';
import { loadRe2 } from './re2.js';

beforeAll(async () => {
  await loadRe2();
});

function naive(text: string, re: { test(s: string): boolean }, firstOnly: boolean): LineHit[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const hits: LineHit[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!re.test(lines[i] ?? '')) continue;
    hits.push({ n: i + 1, text: lines[i] ?? '' });
    if (firstOnly) break;
  }
  return hits;
}

const patterns = [
  'ab',
  'ab\\s*b',
  '^ab$',
  'ab+x',
  'é😀',
  'b\\r',
  'b$',
  '^a',
  'a\\s*b',
  '\\bab\\b',
  '[^a]b',
  'x*',
  '^$',
  'é+a',
  'a.b',
  'ab?',
  '\\r$',
  'a.\\u2028',
  '\\S+b',
  '(a|b)+$',
];
// BMP characters only: RE2 matches code points, so `.` takes a whole emoji where JavaScript's
// `.` (without the u flag) takes half of it (a documented edge; literal emoji match alike).
const text = fc
  .array(fc.constantFrom('a', 'b', ' ', '\n', '\r', 'é', '\u2028', 'x', '€'), { maxLength: 60 })
  .map((cs) => cs.join(''));

describe('matchLines and matchRequired', () => {
  it('find exactly the lines a split-and-test finds', () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(...patterns),
        fc.boolean(),
        fc.boolean(),
        (t, source, ignoreCase, firstOnly) => {
          const c = compilePattern(source, ignoreCase);
          if (!c.ok) throw new Error(c.error);
          // The specification is JavaScript's RegExp on each line; the RE2 translation must agree.
          const expected = naive(t, new RegExp(source, ignoreCase ? 'i' : ''), firstOnly);
          expect(naive(t, c.pattern.line, firstOnly)).toEqual(expected);
          expect(matchLines(t, c.pattern, firstOnly)).toEqual(expected);
          const req = c.pattern.required;
          if (req !== undefined)
            expect(matchRequired(Buffer.from(t), Buffer.from(req), c.pattern, firstOnly)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('match a literal emoji as JavaScript does', () => {
    const c = compilePattern('é😀', false);
    if (!c.ok) throw new Error(c.error);
    expect(matchLines('x\naé😀b\n', c.pattern, false)).toEqual([{ n: 2, text: 'aé😀b' }]);
  });

  it('refuse lookaround and backreferences, saying why, instead of running them', () => {
    for (const source of ['b(?=a)', '(a)\\1', '(?<!x)y', '(?<n>a)\\k<n>']) {
      const c = compilePattern(source, false);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toContain('linear time');
    }
  });
});

describe('FileScan', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: Buffer | string): string => {
    fs.writeFileSync(path.join(dir, name), data);
    return path.join(dir, name);
  };
  const scan = (abs: string, source: string, mode: 'files' | 'content' = 'content') => {
    const c = compilePattern(source, false);
    if (!c.ok) throw new Error(c.error);
    const s = new FileScan(abs, scanSpec(c.pattern, mode), Buffer.allocUnsafe(16));
    while (s.step()) {
      /* block by block */
    }
    return s.result();
  };

  it('finds the same lines as a split-and-test across block boundaries', () => {
    for (const size of [0, 1, GREP_BLOCK_BYTES - 1, GREP_BLOCK_BYTES, GREP_BLOCK_BYTES + 1, 3 * GREP_BLOCK_BYTES + 7]) {
      const lines: string[] = [];
      let total = 0;
      for (let i = 0; total < size; i++) {
        const line = i % 97 === 0 ? `needle ${i}` : `hay ${i} ${'x'.repeat(i % 300)}`;
        lines.push(line);
        total += line.length + 1;
      }
      const text = lines.join('\n').slice(0, size);
      for (const source of ['needle', 'ne+dle \\d+$']) {
        expect(scan(write(`f${size}`, text), source)?.lines).toEqual(naive(text, new RegExp(source), false));
      }
    }
  });

  it('calls a file with a NUL byte anywhere binary, early or after the first block', () => {
    expect(scan(write('early', 'needle\0'), 'needle')).toBeUndefined();
    expect(scan(write('late', `needle\n${'a'.repeat(GREP_BLOCK_BYTES + 10)}\0`), 'needle', 'files')).toBeUndefined();
    expect(scan(path.join(dir, 'missing'), 'needle')).toEqual({ lines: [], longLines: [] });
    expect(scan(dir, 'needle')).toEqual({ lines: [], longLines: [] });
  });

  it('skips a line longer than the limit and reports its number, keeping the lines around it', () => {
    const text = `needle 1\n${'needle'.repeat(GREP_LINE_MAX_BYTES / 6 + 10)}\nneedle 3\n`;
    const got = scan(write('long', text), 'needle');
    expect(got?.longLines).toEqual([2]);
    expect(got?.lines).toEqual([
      { n: 1, text: 'needle 1' },
      { n: 3, text: 'needle 3' },
    ]);
  });
});
