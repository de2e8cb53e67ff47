import { describe, expect, it } from 'vitest';
import { compilePattern } from './grep-regex.js';
import { loadRe2 } from './re2.js';
import { MAX_PATTERN_SIZE, patternSize } from './regex-size.js';

describe('the expanded size of a pattern', () => {
  it.each([
    ['abc', 3],
    ['[a-z]{1000}', 1000],
    ['(ab{3}){10}', 40],
    ['\\d{4}-\\d{2}-\\d{2}', 10],
    ['a|bc', 3],
    ['(?:x|y{5}){3}', 18],
    ['[0-9a-f]{40}', 40],
    ['.{120,}', 120],
    ['\\x{41}{3}', 3],
    ['((a{10}){10}){10}', 1000],
  ])('%s is %d', (source, size) => {
    expect(patternSize(source)).toBe(size);
  });

  it('grep refuses a bounded repetition that would cost minutes a MiB, saying what to do', async () => {
    await loadRe2();
    for (const source of ['[a-z]{1000}', '(.{20}){50}', '((a{10}){10}){10}']) {
      const compiled = compilePattern(source, false);
      expect(compiled.ok).toBe(false);
      if (!compiled.ok) expect(compiled.error).toMatch(/unroll to \d+ positions \(more than 256\).*open repetition/);
    }
    for (const source of ['[0-9a-f]{40}', '.{120,}', '\\d{4}-\\d{2}'])
      expect(compilePattern(source, false).ok).toBe(true);
    expect(MAX_PATTERN_SIZE).toBe(256);
  });
});
