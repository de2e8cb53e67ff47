import { describe, expect, it } from 'vitest';
import { createStreamRedactor } from './secrets.js';

const KEY = 'sk-ant-0123456789abcdef';
const labels = new Map([[KEY, 'ANTHROPIC_API_KEY']]);
/** Everything the redactor passes on for `pieces`, piece by piece, then what `end` gives. */
function stream(pieces: string[]): { shown: string[]; rest: string } {
  const r = createStreamRedactor([KEY], labels);
  return { shown: pieces.map((p) => r.push(p)), rest: r.end() };
}

describe('the stream redactor', () => {
  it('passes on at once output that cannot be the start of a secret (a line, then a long wait)', () => {
    expect(stream(['step-1\n', 'step-2\n']).shown).toEqual(['step-1\n', 'step-2\n']);
  });

  it('holds back only an end that could begin a secret, and redacts a secret split across pieces', () => {
    const { shown, rest } = stream(['token sk-an', 't-0123456789', 'abcdef done\n']);
    expect(shown).toEqual(['token ', '', '[redacted ANTHROPIC_API_KEY] done\n']);
    expect(rest).toBe('');
  });

  it('a start of a secret that turns out not to be one is passed on with the next piece', () => {
    expect(stream(['cost: sk-', 'etch\n'])).toEqual({ shown: ['cost: ', 'sk-etch\n'], rest: '' });
  });

  it('a whole secret is redacted as soon as it is there; what is held when the stream ends is given by end', () => {
    expect(stream(['key=', KEY])).toEqual({ shown: ['key=', '[redacted ANTHROPIC_API_KEY]'], rest: '' });
    expect(stream(['ends with sk-a'])).toEqual({ shown: ['ends with '], rest: 'sk-a' });
    expect(stream([`${KEY.slice(0, 10)}`, `${KEY.slice(10)}!`]).shown.join('')).toBe('[redacted ANTHROPIC_API_KEY]!');
  });
});
