import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import { routeSlash } from './slash.js';

function skill(name: string): Skill {
  return {
    name,
    description: `${name} skill`,
    dir: `/skills/${name}`,
    file: `/skills/${name}/SKILL.md`,
    source: 'project',
    root: '/skills',
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
  };
}

describe('routeSlash with namespaced skill names', () => {
  const skills = [skill('security:audit'), skill('packages/web:deploy')];

  it('routes /plugin:skill and a nested skill named by its folder to the agent', () => {
    expect(routeSlash('/security:audit src', skills)).toEqual({
      kind: 'run_skill',
      name: 'security:audit',
      text: '/security:audit src',
    });
    expect(routeSlash('/packages/web:deploy', skills)).toEqual({
      kind: 'run_skill',
      name: 'packages/web:deploy',
      text: '/packages/web:deploy',
    });
  });

  it('still sends other paths as text, and a skill-looking path as text with skills off', () => {
    expect(routeSlash('/packages/web/README.md', skills)).toEqual({ kind: 'text' });
    expect(routeSlash('/packages/web:deploy', skills, { skillsEnabled: false })).toEqual({ kind: 'text' });
  });
});
