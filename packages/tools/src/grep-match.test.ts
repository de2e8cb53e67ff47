import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { searchBuffer } from './grep-chunks.js';
import { matchLines, matchRequired } from './grep-match.js';
import { FileReader } from './grep-read.js';
import { compilePattern } from './grep-regex.js';
import type { LineHit } from './grep-types.js';

function naive(text: string, re: RegExp, firstOnly: boolean): LineHit[] {
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

const patterns = ['ab', 'ab\\s*b', '^ab$', 'ab+x', 'é😀', 'b\\r', 'b$', '^a', 'a\\s*b', '\\bab\\b', '[^a]b', 'x*', '^$', 'é+a', 'a.b', 'ab?', '\\r$', 'b(?=a)', '(a)\\1'];
const text = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\r', 'é', '\u2028', 'x', '😀'), { maxLength: 60 }).map((cs) => cs.join(''));

describe('matchLines and matchRequired', () => {
  it('find exactly the lines a split-and-test finds', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...patterns), fc.boolean(), fc.boolean(), (t, source, ignoreCase, firstOnly) => {
        const c = compilePattern(source, ignoreCase);
        if (!c.ok) throw new Error(c.error);
        const expected = naive(t, c.pattern.line, firstOnly);
        expect(matchLines(t, c.pattern, firstOnly)).toEqual(expected);
        const req = c.pattern.required;
        if (req !== undefined) expect(matchRequired(Buffer.from(t), Buffer.from(req), c.pattern, firstOnly)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('decode lines cut from invalid UTF-8 as the whole file would', () => {
    const c = compilePattern('ab', false);
    if (!c.ok) throw new Error(c.error);
    const buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ab\n'), Buffer.from([0xe2, 0x82]), Buffer.from('ab\nzz\n\xff')]);
    expect(searchBuffer(buf, c.pattern, 'content', Buffer.from('ab'))).toEqual(naive(buf.toString('utf8'), c.pattern.line, false));
    expect(searchBuffer(Buffer.from('ab\n\0'), c.pattern, 'content', Buffer.from('ab'))).toEqual([]);
    expect(searchBuffer(Buffer.from('ab\n\0'), c.pattern, 'content', undefined)).toEqual([]);
  });
});

describe('FileReader', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reader-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: Buffer): string => {
    fs.writeFileSync(path.join(dir, name), data);
    return path.join(dir, name);
  };

  it('reads small, chunk-sized and large files whole, reusing its buffer', () => {
    const reader = new FileReader();
    for (const size of [0, 1, 65_535, 65_536, 65_537, 1_048_576, 3_000_001]) {
      const data = Buffer.alloc(size, 'a');
      if (size > 10) data.write('end', size - 3);
      const got = reader.read(write(`f${size}`, data));
      expect(Buffer.isBuffer(got) && got.equals(data)).toBe(true);
    }
    const small = reader.read(write('small', Buffer.from('hi\n')));
    expect(Buffer.isBuffer(small) && small.toString()).toBe('hi\n');
  });

  it('calls a NUL in the first 64 KiB binary, leaves a later one to the caller, and misses nothing else', () => {
    const reader = new FileReader();
    expect(reader.read(write('early', Buffer.from('a\0b')))).toBe('binary');
    const late = Buffer.concat([Buffer.alloc(70_000, 'a'), Buffer.from([0])]);
    const got = reader.read(write('late', late));
    expect(Buffer.isBuffer(got) && got.length).toBe(late.length);
    expect(reader.read(path.join(dir, 'missing'))).toBeUndefined();
    expect(reader.read(dir)).toBeUndefined();
  });
});
