import type { SkillSummary } from '@coding-harness/protocol';
import type { Skill } from '@coding-harness/skills';

/** A skill as the protocol lists it. */
export function skillSummary(skill: Skill): SkillSummary {
  return {
    name: skill.name,
    description: skill.description,
    source: skill.plugin !== undefined ? `plugin:${skill.plugin}` : skill.source,
    userInvocable: skill.userInvocable,
    modelInvocable: !skill.disableModelInvocation,
    ...(skill.argumentHint !== undefined ? { argumentHint: skill.argumentHint } : {}),
  };
}
