import { PassThrough } from 'node:stream';
import blessed from 'blessed';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeTags, hasControls, sanitize } from './sanitize.js';

// What a terminal acts on: C0 (but TAB/LF), DEL, C1, bidi controls, U+2028/9.
const ACTIVE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// Pieces a hostile model or file would use against a blessed screen.
const HOSTILE = [
  '{bold}',
  '{/bold}',
  '{/}',
  '{red-fg}',
  '{escape}',
  '{/escape}',
  '{open}',
  '{close}',
  '{',
  '}',
  '\x1b[2J',
  '\x1b[31m',
  '\x1b]0;title\x07',
  '\r',
  '\n',
  '\t',
  '\u202e',
  '\x9b',
  'rm -rf ~',
  'é',
  '日本',
];
const hostileText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.array(fc.constantFrom(...HOSTILE), { maxLength: 12 }).map((parts) => parts.join('')),
);

// A real blessed element on in-memory streams, to parse tags exactly as the widgets do.
const output = Object.assign(new PassThrough(), { columns: 80, rows: 24, isTTY: true });
const screen = blessed.screen({
  input: new PassThrough(),
  output: output as unknown as NodeJS.WriteStream,
  terminal: 'xterm-256color',
  fullUnicode: true,
});
const box = blessed.box({ parent: screen, tags: true });
const parseTags = (text: string): string => (box as unknown as { _parseTags(t: string): string })._parseTags(text);
afterAll(() => screen.destroy());

describe('sanitize', () => {
  it('shows ESC, CR, C1 and bidi controls as visible escapes, keeps text, and turns tabs into spaces', () => {
    expect(sanitize('echo hi\x1b[2J\rrm -rf ~')).toBe('echo hi\\x1b[2J\\rrm -rf ~');
    expect(sanitize('a\x9bb\u202ec')).toBe('a\\x9bb\\u202ec');
    expect(sanitize('a\tb')).toBe('a    b');
    expect(sanitize('naïve 日本 🙂')).toBe('naïve 日本 🙂');
  });

  it('keeps line breaks, or shows them as \\n in one-line places', () => {
    expect(sanitize('one\ntwo')).toBe('one\ntwo');
    expect(sanitize('one\ntwo', { multiline: false })).toBe('one\\ntwo');
  });

  it('hasControls tells a command with control characters from one without (tabs do not count)', () => {
    expect(hasControls('ls\x1b[2J')).toBe(true);
    expect(hasControls('printf "a\rb"')).toBe(true);
    expect(hasControls('ls -la\tx\nmore')).toBe(false);
  });

  it('property: nothing active survives, lines are kept, and a second pass changes nothing', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const once = sanitize(text);
        expect(ACTIVE.test(once)).toBe(false);
        expect(once.split('\n')).toHaveLength(text.split('\n').length);
        expect(sanitize(once)).toBe(once);
        expect(sanitize(text, { multiline: false })).not.toContain('\n');
      }),
    );
  });
});

describe('escapeTags: what reaches a blessed widget', () => {
  it('model text cannot open a tag: {bold} and {escape} show as typed', () => {
    expect(parseTags(escapeTags('{bold}x{/bold} {escape}y{/escape}'))).toBe('{bold}x{/bold} {escape}y{/escape}');
  });

  it('property: blessed parses the escaped text back to exactly the sanitized text, with no escape sequence', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const parsed = parseTags(escapeTags(text));
        expect(parsed).toBe(sanitize(text));
        expect(parsed).not.toContain('\x1b');
      }),
    );
  });
});
