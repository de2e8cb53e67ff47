import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines, unifiedDiff } from './diff.js';

describe('diff', () => {
  it('prints unified hunks with context, separate hunks for distant changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join('\n') + '\n';
    const after = before.replace('l2\n', 'L2\n').replace('l18\n', '');
    expect(unifiedDiff(before, after, { context: 1 })).toBe(
      '@@ -1,3 +1,3 @@\n l1\n-l2\n+L2\n l3\n@@ -17,3 +17,2 @@\n l17\n-l18\n l19',
    );
    expect(unifiedDiff('same\n', 'same\n')).toBe('');
  });

  it('reconstructs both sides from the line diff (random texts)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 30 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const ops = diffLines(a, b);
        const lines = (t: string): string[] =>
          t === '' ? [] : t.split('\n').filter((_, i, arr) => !(i === arr.length - 1 && arr[i] === ''));
        expect(ops.filter((o) => o.op !== '+').map((o) => o.line)).toEqual(lines(a));
        expect(ops.filter((o) => o.op !== '-').map((o) => o.line)).toEqual(lines(b));
      }),
    );
  });
});
