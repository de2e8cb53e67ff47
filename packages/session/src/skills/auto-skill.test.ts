import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Skill } from '@coding-harness/skills';
import { MIN_HITS, matchSkill, skillWords, words } from './auto-skill.js';

function skill(name: string, description: string, extra: Partial<Skill> = {}): Skill {
  return {
    name,
    description,
    dir: `/skills/${name}`,
    file: `/skills/${name}/SKILL.md`,
    source: 'explicit',
    root: '/skills',
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
    ...extra,
  };
}

const pdf = skill('pdf-forms', 'Fill in PDF forms and extract fields from PDF documents.');
const release = skill('release-notes', 'Write release notes from the git changelog.');

describe('matchSkill', () => {
  it('takes words of three letters or more from name and description, without stop words', () => {
    expect(skillWords(pdf)).toEqual(['pdf', 'forms', 'fill', 'extract', 'fields', 'documents']);
  });

  it('matches a skill named by three distinct whole words and says which', () => {
    expect(matchSkill('Please fill the PDF forms in tax.pdf', [pdf, release])).toEqual({
      skill: pdf,
      words: ['pdf', 'forms', 'fill'],
    });
  });

  it('matches the shortest text that can hold three hits (11 characters) and nothing shorter', () => {
    expect(matchSkill('pdf,fill;forms', [pdf])?.words).toEqual(['pdf', 'forms', 'fill']);
    const abc = skill('abc', 'Handles def and ghi.');
    expect(matchSkill('abc def ghi', [abc])?.words).toEqual(['abc', 'def', 'ghi']);
    expect(matchSkill('abc def gh', [abc])).toBeUndefined();
    expect(matchSkill('hi', [abc, pdf])).toBeUndefined();
  });

  it('does not match on two hits', () => {
    expect(matchSkill('fill these forms', [pdf])).toBeUndefined();
  });

  it('counts whole words only, case-insensitively', () => {
    expect(matchSkill('PDFs reforming fillers', [pdf])).toBeUndefined();
    expect(matchSkill('FILL FORMS PDF', [pdf])).toMatchObject({ skill: pdf });
  });

  it('never matches a disable-model-invocation skill', () => {
    const manual = skill('pdf-forms', pdf.description, { disableModelInvocation: true });
    expect(matchSkill('fill the pdf forms and extract fields', [manual])).toBeUndefined();
  });

  it('never matches a text starting with /', () => {
    expect(matchSkill('/release-notes write release notes from git', [release])).toBeUndefined();
  });

  it('prefers the most hits, then the first name', () => {
    const a = skill('alpha-notes', 'release notes changelog');
    const b = skill('beta-notes', 'release notes changelog');
    const c = skill('gamma', 'release notes changelog git history');
    expect(matchSkill('release notes from the changelog', [b, a])?.skill.name).toBe('alpha-notes');
    expect(matchSkill('release notes from the git changelog history', [a, b, c])?.skill.name).toBe('gamma');
  });

  it('finds what splitting every skill into words finds, though it splits only skills whose text holds the words (property)', () => {
    const vocabulary = [
      'pdf',
      'Forms',
      'fill',
      'release',
      'notes',
      'git',
      'log',
      'changelog',
      'the',
      'ÉTÉ',
      'été',
      'x-ray',
      'ray',
    ];
    const text = fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }).map((ws) => ws.join(' '));
    const skills = fc.uniqueArray(
      fc.record({ name: fc.stringMatching(/^[a-z]{1,6}(-[a-z]{1,4})?$/), description: text, off: fc.boolean() }),
      { selector: (r) => r.name, maxLength: 12 },
    );
    /** The rule as the module doc states it, splitting every skill. */
    const reference = (message: string, list: Skill[]) => {
      const present = new Set(words(message));
      let best: { skill: Skill; words: string[] } | undefined;
      for (const s of list) {
        if (s.disableModelInvocation) continue;
        const hits = skillWords(s).filter((w) => present.has(w));
        if (hits.length < MIN_HITS) continue;
        if (!best || hits.length > best.words.length || (hits.length === best.words.length && s.name < best.skill.name))
          best = { skill: s, words: hits };
      }
      return best;
    };
    fc.assert(
      fc.property(skills, text, (raw, message) => {
        const list = raw.map((r) => skill(r.name, r.description, { disableModelInvocation: r.off }));
        expect(matchSkill(message, list)).toEqual(reference(message, list));
      }),
    );
  });
});
