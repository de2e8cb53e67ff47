import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandSkillText, splitArguments } from './skill-arguments.js';
import type { SkillTextValues } from './skill-arguments.js';

const expand = (body: string, args: string, more: Partial<SkillTextValues> = {}): string =>
  expandSkillText(body, { args, skillDir: '/skills/x', ...more }).text;

describe('skill body substitutions (Claude Code semantics)', () => {
  it('maps named `arguments` to positions: `$issue` is the first argument, `$branch` the second', () => {
    const names = { argumentNames: ['issue', 'branch'] };
    expect(expand('Fix #$issue on $branch.', '42 "feat/x y"', names)).toBe('Fix #42 on feat/x y.');
  });

  it('does not take `$issue` out of `$issues` or `$issue[0]`, and a missing named argument is empty', () => {
    const names = { argumentNames: ['issue', 'id'] };
    expect(expand('$issues $issue[0] [$id]', '7', names)).toBe('$issues $issue[0] []');
  });

  it('prefers the longer of two names that share a start', () => {
    expect(expand('$a $ab', 'one two', { argumentNames: ['a', 'ab'] })).toBe('one two');
  });

  it('keeps `\\$` before a placeholder as a literal `$`: `\\$1.00` stays `$1.00`', () => {
    expect(expand('Costs \\$1.00, item $0', 'pen second')).toBe('Costs $1.00, item pen');
    expect(expand('\\$ARGUMENTS and \\$issue', 'x', { argumentNames: ['issue'] })).toBe(
      '$ARGUMENTS and $issue\n\nARGUMENTS: x',
    );
  });

  it('leaves `\\$` alone before anything else, and `\\\\$0` keeps the placeholder live', () => {
    expect(expand('\\$HOME and \\$', 'a')).toBe('\\$HOME and \\$\n\nARGUMENTS: a');
    expect(expand('\\\\$0', 'a')).toBe('\\\\a');
  });

  it('empties `$N` and `$ARGUMENTS[N]` with no such argument (as Claude Code does); they count as placeholders, so nothing is appended', () => {
    expect(expand('[$3][$ARGUMENTS[3]]', 'a b')).toBe('[][]');
    expect(expand('Fix issue $0 in $1.', '42')).toBe('Fix issue 42 in .');
    expect(expand('Fix $0.', '')).toBe('Fix .');
    expect(expand('[$1][$ARGUMENTS[0]]', 'a b')).toBe('[b][a]');
  });

  it('fills ${CLAUDE_EFFORT} with the effort given, and leaves it as written when none is', () => {
    expect(expand('think at ${CLAUDE_EFFORT}', '', { effort: 'xhigh' })).toBe('think at xhigh');
    expect(expand('think at ${CLAUDE_EFFORT}', '')).toBe('think at ${CLAUDE_EFFORT}');
  });

  it('never expands a value again: an argument holding `$1` or `${CLAUDE_SESSION_ID}` is inserted as typed', () => {
    expect(expand('[$ARGUMENTS] [$0]', '$1 ${CLAUDE_SESSION_ID}', { sessionId: 'sid' })).toBe(
      '[$1 ${CLAUDE_SESSION_ID}] [$1]',
    );
  });

  it('substitutes ${CLAUDE_SESSION_ID}, ${CLAUDE_PROJECT_DIR}, ${CLAUDE_SKILL_DIR} and ${SKILL_DIR}', () => {
    const text = expand('${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR} ${CLAUDE_SKILL_DIR} ${SKILL_DIR}', '', {
      sessionId: '2026-12-01-abc',
      projectDir: '/work',
    });
    expect(text).toBe('2026-12-01-abc /work /skills/x /skills/x');
  });

  it('leaves ${CLAUDE_SESSION_ID} and ${CLAUDE_PROJECT_DIR} as written when unknown; they do not count as argument placeholders', () => {
    expect(expand('${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR}', 'a')).toBe(
      '${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR}\n\nARGUMENTS: a',
    );
  });

  it('reports where each inserted value sits', () => {
    const r = expandSkillText('run $0 in ${CLAUDE_SKILL_DIR}', { args: 'tests', skillDir: '/d' });
    expect(r.text).toBe('run tests in /d');
    expect(r.inserted.map(([s, e]) => r.text.slice(s, e))).toEqual(['tests', '/d']);
    const appended = expandSkillText('Go.', { args: 'now', skillDir: '/d' });
    expect(appended.inserted.map(([s, e]) => appended.text.slice(s, e))).toEqual(['now']);
  });

  it('leaves a body with no `$` as written, and every inserted range holds a value it was given (property)', () => {
    const piece = fc.constantFrom(
      '$0',
      '$1',
      '$ARGUMENTS',
      '$ARGUMENTS[1]',
      '$x',
      '\\$0',
      '${CLAUDE_SKILL_DIR}',
      ' ',
      'a',
      '\n',
      '$',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 20 }),
        fc.array(fc.constantFrom('p', 'q r', '$1', '"s t"'), { maxLength: 3 }),
        (parts, argv) => {
          const body = parts.join('');
          const args = argv.join(' ');
          const r = expandSkillText(body, { args, argumentNames: ['x'], skillDir: '/d' });
          const values = new Set([args, '/d', '', ...splitArguments(args)]);
          for (const [start, end] of r.inserted) expect(values.has(r.text.slice(start, end)), r.text).toBe(true);
          if (!body.includes('$') && args.trim() === '') expect(r.text).toBe(body);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
