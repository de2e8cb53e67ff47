import type { SkillSummary } from '@coding-harness/protocol';
import { skillSummary } from '@coding-harness/session';
import type { Skill } from '@coding-harness/skills';

/** A skill for tests, with only what the TUI reads set meaningfully. */
export function testSkill(name: string, description: string, userInvocable = true): Skill {
  const dir = `/proj/.agents/skills/${name}`;
  return {
    name,
    description,
    dir,
    file: `${dir}/SKILL.md`,
    source: 'project',
    root: '/proj/.agents/skills',
    allowedTools: [],
    userInvocable,
    disableModelInvocation: false,
    extra: {},
  };
}

/** Three skills: two user-invocable, one model-only. */
export const SKILLS: Skill[] = [
  testSkill('demo-skill', 'Shows the forced skill call'),
  testSkill('release-notes', 'Drafts release notes from git log'),
  testSkill('house-style', 'Applies the house style to edits', false),
];

/** The three skills as the session lists them (`Session.skills()`). */
export const SUMMARIES: SkillSummary[] = SKILLS.map(skillSummary);
