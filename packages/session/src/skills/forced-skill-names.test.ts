import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import { parseSlashSkill } from './forced-skill.js';

function skill(name: string, userInvocable = true): Skill {
  return {
    name,
    description: `the ${name} skill`,
    dir: `/s/${name}`,
    file: `/s/${name}/SKILL.md`,
    source: 'explicit',
    root: '/s',
    allowedTools: [],
    userInvocable,
    disableModelInvocation: false,
    extra: {},
  };
}

describe('parseSlashSkill with namespaced names', () => {
  const skills = [skill('deploy'), skill('tools:lint'), skill('frontend:component'), skill('hidden:x', false)];

  it('forces a plugin skill by /plugin:skill, with its arguments', () => {
    expect(parseSlashSkill('/tools:lint src --fix', skills)).toEqual({ skill: skills[1], args: 'src --fix' });
    expect(parseSlashSkill('/frontend:component', skills)?.skill.name).toBe('frontend:component');
  });

  it('still forces a plain slug, and nothing that names no user-invocable skill', () => {
    expect(parseSlashSkill('/deploy now', skills)?.args).toBe('now');
    expect(parseSlashSkill('/tools:', skills)).toBeUndefined();
    expect(parseSlashSkill('/hidden:x', skills)).toBeUndefined();
    expect(parseSlashSkill('/usr/bin/env', skills)).toBeUndefined();
  });
});
