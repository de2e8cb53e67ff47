import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllowedTools, ruleSyntaxError, splitToolList } from './allowed-tools.js';

describe('splitToolList', () => {
  it('splits on spaces and/or commas but keeps parentheses whole', () => {
    expect(splitToolList('Read, Grep  Bash(git status:*),Bash(npm run test:*) Edit')).toEqual([
      'Read',
      'Grep',
      'Bash(git status:*)',
      'Bash(npm run test:*)',
      'Edit',
    ]);
  });

  it('never loses or invents non-separator characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '(', ')', ' ', ',', ':', '*', '\t') }), (text) => {
        const parts = splitToolList(text);
        expect(parts.every((p) => p.trim() !== '')).toBe(true);
        expect(parts.join('').replace(/[\s,]/g, '')).toBe(text.replace(/[\s,]/g, ''));
      }),
    );
  });

  it('splits exactly like the character-by-character reference, Unicode spaces and surrogates included', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        'a',
        '(',
        ')',
        ' ',
        ',',
        '\t',
        '\u00a0',
        '\u2028',
        '\u3000',
        '\ufeff',
        '\ud83d\ude00',
        '\ud800',
        'é',
      ),
      fc.string({ maxLength: 2 }),
    );
    fc.assert(
      fc.property(fc.string({ unit }), (text) => {
        expect(splitToolList(text)).toEqual(referenceSplit(text));
      }),
    );
  });
});

/** The first, straightforward implementation, kept as the oracle for the index-based one. */
function referenceSplit(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current !== '') out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

describe('parseAllowedTools', () => {
  it('accepts a string or a YAML list and keeps each rule as written', () => {
    expect(parseAllowedTools('Read Bash(git status:*)').tools).toEqual(['Read', 'Bash(git status:*)']);
    expect(parseAllowedTools(['Read', 'Bash(git diff:*)', 'Grep'])).toEqual({
      tools: ['Read', 'Bash(git diff:*)', 'Grep'],
      unparsable: [],
      invalid: false,
    });
  });

  it('knows no tool names: any name that is rule syntax is kept, for the policy to resolve', () => {
    expect(parseAllowedTools('Read WebSearch my_tool(x)')).toEqual({
      tools: ['Read', 'WebSearch', 'my_tool(x)'],
      unparsable: [],
      invalid: false,
    });
  });

  it('keeps each rule once, in first-seen order', () => {
    expect(parseAllowedTools('Edit MultiEdit Read Edit WebSearch WebSearch').tools).toEqual([
      'Edit',
      'MultiEdit',
      'Read',
      'WebSearch',
    ]);
  });

  it('is empty when absent and invalid for a map', () => {
    expect(parseAllowedTools(undefined)).toEqual({ tools: [], unparsable: [], invalid: false });
    expect(parseAllowedTools({ Read: true }).invalid).toBe(true);
  });
});

describe('ruleSyntaxError', () => {
  it.each([
    'Read',
    'Bash(git status:*)',
    'Bash(echo (nested) ok)',
    'mcp__github__search',
    'Write(src/**)',
    'WebFetch(domain:example.com)',
    'edit_file',
  ])('accepts the rule %s', (rule) => {
    expect(ruleSyntaxError(rule)).toBeUndefined();
  });

  it.each([
    ['Bash(git status', 'never closed'],
    ['Bash(a(b)', 'never closed'],
    ['Bash()', 'empty'],
    ['(git status)', 'no tool name'],
    ['Bash)', 'no matching "("'],
    ['Bash(a)b', 'text follows'],
    ['Bash(a))', 'text follows'],
    ['Read Grep', 'spaces'],
    ['9lives', 'not a tool name'],
    ['', 'empty'],
  ])('refuses %j: %s', (rule, why) => {
    expect(ruleSyntaxError(rule)).toContain(why);
  });

  it('accepts exactly Name or Name(balanced, non-empty pattern), for any text', () => {
    const balanced = (p: string): boolean => {
      let depth = 0;
      for (const c of p) {
        if (c === '(') depth++;
        else if (c === ')' && --depth < 0) return false;
      }
      return depth === 0;
    };
    const oracle = (entry: string): boolean => {
      const m = /^([A-Za-z_][\w.*-]*)(?:\((.+)\))?$/s.exec(entry);
      return m !== null && (m[2] === undefined || balanced(m[2]));
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('B', 'a', '_', '(', ')', ' ', ':', '*', '9', '-') }), (entry) => {
        expect(ruleSyntaxError(entry) === undefined).toBe(oracle(entry));
      }),
    );
  });
});

describe('parseAllowedTools with entries that do not parse', () => {
  it('leaves them out with the reason, and the valid entries still apply', () => {
    expect(parseAllowedTools('Read Bash(git status')).toEqual({
      tools: ['Read'],
      unparsable: [{ rule: 'Bash(git status', why: expect.stringContaining('never closed') as string }],
      invalid: false,
    });
    expect(parseAllowedTools(['Grep', 'Bash()', '(x)', 'Read']).tools).toEqual(['Grep', 'Read']);
    expect(parseAllowedTools(['Grep', 'Bash()', '(x)', 'Read']).unparsable.map((u) => u.rule)).toEqual([
      'Bash()',
      '(x)',
    ]);
  });
});
