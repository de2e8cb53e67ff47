import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminalSafe, sanitize } from './sanitize.js';

// Anything a terminal acts on: C0 (but TAB/LF), DEL, C1, bidi controls, U+2028/9.
const ACTIVE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('sanitize', () => {
  it('shows ESC, CR and other controls as visible escapes and keeps the rest verbatim', () => {
    expect(sanitize('echo hi\x1b[2J\rrm -rf ~')).toBe('echo hi\\x1b[2J\\rrm -rf ~');
    expect(sanitize('a\x07b\x9bc\x7f')).toBe('a\\x07b\\x9bc\\x7f');
    expect(sanitize('\u202eevil\u2066')).toBe('\\u202eevil\\u2066');
    expect(sanitize('tab\there, naïve ünïcode 🙂')).toBe('tab\there, naïve ünïcode 🙂');
  });

  it('keeps line breaks by default and escapes them for one-line contexts', () => {
    expect(sanitize('line a\nline b')).toBe('line a\nline b');
    expect(sanitize('line a\nline b', { multiline: false })).toBe('line a\\nline b');
  });

  it('lets a front end mark each escape', () => {
    expect(sanitize('x\x1by', { mark: (e) => `[${e}]` })).toBe('x[\\x1b]y');
  });

  it('property: the output never holds an active character and keeps the number of lines', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = sanitize(text);
        expect(ACTIVE.test(out)).toBe(false);
        expect(isTerminalSafe(out)).toBe(true);
        expect(out.split('\n')).toHaveLength(text.split('\n').length);
        expect(sanitize(text, { multiline: false })).not.toContain('\n');
      }),
    );
  });

  it('property: text without active characters comes back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!ACTIVE.test(text));
        expect(sanitize(text)).toBe(text);
      }),
    );
  });
});
