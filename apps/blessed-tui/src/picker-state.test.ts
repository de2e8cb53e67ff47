import { describe, expect, it } from 'vitest';
import { filterSkills, pickerKey, type PickerState } from './picker-state.js';
import { skillSummary } from '@coding-harness/session';
import { SUMMARIES as SKILLS, testSkill } from './test-skills.test.helper.js';

const names = (q: string) => filterSkills(SKILLS, q).map((s) => s.name);

describe('filterSkills', () => {
  it('an empty query lists every skill by name', () => {
    expect(names('')).toEqual(['demo-skill', 'house-style', 'release-notes']);
  });

  it('matches names and descriptions, case-insensitively', () => {
    expect(names('RELEASE')).toEqual(['release-notes']);
    expect(names('git')).toEqual(['release-notes']);
  });

  it('every word must match somewhere', () => {
    expect(names('house edits')).toEqual(['house-style']);
    expect(names('house git')).toEqual([]);
  });

  it('ranks name prefix, then name substring, then description', () => {
    const skills = [testSkill('b-test', 'x'), testSkill('other', 'about test'), testSkill('test-a', 'y')].map(
      skillSummary,
    );
    expect(filterSkills(skills, 'test').map((s) => s.name)).toEqual(['test-a', 'b-test', 'other']);
  });
});

describe('pickerKey', () => {
  const at = (query: string, selected = 0): PickerState => ({ query, selected });

  it('typing filters and resets the selection; backspace removes', () => {
    expect(pickerKey(at('re', 1), SKILLS, 'l', 'l')).toEqual({ type: 'state', state: at('rel', 0) });
    expect(pickerKey(at('rel'), SKILLS, 'backspace', undefined)).toEqual({ type: 'state', state: at('re', 0) });
  });

  it('arrows move within the filtered list', () => {
    expect(pickerKey(at(''), SKILLS, 'down', undefined)).toEqual({ type: 'state', state: at('', 1) });
    expect(pickerKey(at('', 2), SKILLS, 'down', undefined)).toEqual({ type: 'state', state: at('', 2) });
    expect(pickerKey(at('', 0), SKILLS, 'up', undefined)).toEqual({ type: 'state', state: at('', 0) });
  });

  it('Enter stages /<name> with a trailing space', () => {
    expect(pickerKey(at('', 2), SKILLS, 'return', '\r')).toEqual({ type: 'stage', text: '/release-notes ' });
  });

  it('Enter on a model-only skill explains instead of staging', () => {
    expect(pickerKey(at('house'), SKILLS, 'return', '\r')).toMatchObject({
      type: 'message',
      text: '/house-style can only be used by the model',
    });
  });

  it('Esc closes', () => {
    expect(pickerKey(at('x'), SKILLS, 'escape', undefined)).toEqual({ type: 'close' });
  });
});
