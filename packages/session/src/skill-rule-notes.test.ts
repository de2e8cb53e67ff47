import { builtinRuleNames } from '@coding-harness/tools';
import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import { skillRuleNotes } from './skill-rule-notes.js';

const skill = (allowedTools: string[]): Skill =>
  ({ name: 'deploy', file: '/s/deploy/SKILL.md', allowedTools }) as unknown as Skill;

describe('allowed-tools entries that name no tool of the session', () => {
  it('are notes naming the skill, its file, the entry and the known names; valid and unparsable entries get none', () => {
    const notes = skillRuleNotes(
      { skills: [skill(['Read', 'Bash(git status:*)', 'Frobnicate', 'Bash(git log'])], problems: [], notes: [] },
      builtinRuleNames(),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]!.path).toBe('/s/deploy/SKILL.md');
    expect(notes[0]!.message).toContain('skill "deploy": allowed-tools entry "Frobnicate" grants nothing');
    expect(notes[0]!.message).toContain('Bash');
  });
});
