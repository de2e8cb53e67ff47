import fc from 'fast-check';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseSimpleYaml } from './simple-yaml.js';

const KEYS = ['name', 'description', 'license', 'allowed-tools', 'x_y', 'version'];
const CHARS = [
  ...'abc XYZ019-_:#"\'\\,.[]{}!&*|>%@`?~+\t',
  'é',
  '…',
  '\u2028',
  '\uFEFF',
  '\u0085',
  '\u0007',
  '\u00a0',
  '\u3000',
];

describe('parseSimpleYaml (the fast path)', () => {
  it('reads plain and double-quoted one-line values', () => {
    expect(
      parseSimpleYaml('name: pdf\ndescription: "Use when: reading PDFs"\nallowed-tools: Read Bash(git status:*)\n'),
    ).toEqual({
      name: 'pdf',
      description: 'Use when: reading PDFs',
      'allowed-tools': 'Read Bash(git status:*)',
    });
  });

  it('leaves anything richer to YAML', () => {
    for (const src of [
      'a: true\n',
      'a: 12\n',
      'a: [x]\n',
      'a: >-\n  x\n',
      'a: "x\\n"\n',
      'a: x # c\n',
      '# c\na: x\n',
      'a: x\na: y\n',
      '',
    ]) {
      expect(parseSimpleYaml(src)).toBeUndefined();
    }
  });

  it('gives exactly what YAML core gives whenever it answers (blank lines, CRLF, line separators and no final newline included)', () => {
    const value = fc.array(fc.constantFrom(...CHARS), { maxLength: 12 }).map((c) => c.join(''));
    const line = fc.tuple(
      fc.constantFrom(...KEYS),
      fc.constantFrom(': ', ':  ', ':'),
      fc.oneof(
        value,
        value.map((v) => `"${v}"`),
      ),
      fc.constantFrom('', ' '),
    );
    let answered = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom('\n', '\n', '\n', '\n\n', '\r\n', '\u2028'), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (lines, ends, finalEnd) => {
          const src = lines
            .map(([k, sep, v, trail], i) => `${k}${sep}${v}${trail}${i < lines.length - 1 || finalEnd ? ends[i] : ''}`)
            .join('');
          const fast = parseSimpleYaml(src);
          if (fast === undefined) return;
          answered++;
          expect(fast).toEqual(YAML.parse(src, { schema: 'core' }));
        },
      ),
      { numRuns: 5000 },
    );
    // The fast path must have answered often enough for the comparison to mean something.
    expect(answered).toBeGreaterThan(100);
  });
});
