import { describe, expect, it } from 'vitest';
import { TRUST_DEFAULT, trustKey, trustQuestionLines } from './trust-question.js';

describe('the trust question', () => {
  it('starts on "not now", moves with the arrows and answers with Enter or a letter', () => {
    expect(trustKey(TRUST_DEFAULT, 'return', '\r')).toEqual({ type: 'answer', answer: 'not-now' });
    expect(trustKey(TRUST_DEFAULT, 'up', undefined)).toEqual({ type: 'select', selected: 0 });
    expect(trustKey(0, 'return', '\r')).toEqual({ type: 'answer', answer: 'trust' });
    expect(trustKey(2, 'down', undefined)).toEqual({ type: 'select', selected: 2 });
    expect(trustKey(1, 't', 't')).toEqual({ type: 'answer', answer: 'trust' });
    expect(trustKey(1, 'n', 'n')).toEqual({ type: 'answer', answer: 'not-now' });
    expect(trustKey(1, 'v', 'v')).toEqual({ type: 'answer', answer: 'never' });
  });

  it('Esc and Ctrl-C answer "not now"; any other key is no answer', () => {
    expect(trustKey(0, 'escape', undefined)).toEqual({ type: 'answer', answer: 'not-now' });
    expect(trustKey(0, 'c', '\x03')).toEqual({ type: 'answer', answer: 'not-now' });
    expect(trustKey(0, 'y', 'y')).toEqual({ type: 'select', selected: 0 });
  });

  it('names the repository and each skill with its rules, escaping control characters from the repository', () => {
    const lines = trustQuestionLines(
      { repo: '/w/repo', skills: [{ name: 'de\x1bploy', allowedTools: ['Bash(echo:*)'] }] },
      1,
    );
    expect(lines[0]).toBe("This repository's skills would pre-approve tool calls: /w/repo");
    expect(lines[1]).toBe('  /de\\x1bploy: Bash(echo:*)');
    expect(lines.filter((l) => l.startsWith('›'))).toEqual([
      '› [n] Not now: they load, but pre-approve nothing this time (asked again next time)',
    ]);
  });
});
