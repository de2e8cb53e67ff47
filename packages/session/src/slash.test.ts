import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import { routeSlash } from './slash.js';

function skill(name: string, over: Partial<Skill> = {}): Skill {
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
    ...over,
  };
}

const skills = [skill('demo-skill'), skill('model-only', { userInvocable: false }), skill('help')];

describe('routeSlash', () => {
  it('routes built-in commands, with their arguments', () => {
    expect(routeSlash('/help', skills)).toEqual({ kind: 'command', name: 'help', args: '' });
    expect(routeSlash('/skills', skills)).toMatchObject({ kind: 'command', name: 'skills' });
    expect(routeSlash('/allowed', skills)).toMatchObject({ kind: 'command', name: 'allowed' });
    expect(routeSlash('/clear now', skills)).toEqual({ kind: 'command', name: 'clear', args: 'now' });
    expect(routeSlash('  /exit', skills)).toMatchObject({ kind: 'command', name: 'exit' });
  });

  it('sends a user-invocable skill to the agent as /slug args, also from /skill:slug', () => {
    expect(routeSlash('/demo-skill notes.txt', skills)).toEqual({
      kind: 'skill',
      name: 'demo-skill',
      text: '/demo-skill notes.txt',
    });
    expect(routeSlash('/skill:demo-skill  a b', skills)).toEqual({
      kind: 'skill',
      name: 'demo-skill',
      text: '/demo-skill a b',
    });
    expect(routeSlash('/skill:help', skills)).toEqual({ kind: 'skill', name: 'help', text: '/help' });
  });

  it('never sends a typo: any other /word is unknown', () => {
    expect(routeSlash('/demo-skil go', skills)).toEqual({
      kind: 'unknown',
      message: 'unknown command /demo-skil — /help lists them',
    });
    expect(routeSlash('/skill:nope', skills)).toMatchObject({ kind: 'unknown' });
  });

  it('says a model-only skill can only be used by the model', () => {
    expect(routeSlash('/model-only', skills)).toMatchObject({
      kind: 'model-only',
      message: expect.stringContaining('only be used by the model'),
    });
  });

  it('treats ordinary text, paths and (with skills off) any /word as text', () => {
    expect(routeSlash('fix the bug', skills)).toEqual({ kind: 'text' });
    expect(routeSlash('/usr/bin/env is missing', skills)).toEqual({ kind: 'text' });
    expect(routeSlash('/demo-skill go', [], { skillsEnabled: false })).toEqual({ kind: 'text' });
    expect(routeSlash('/help', [], { skillsEnabled: false })).toMatchObject({ kind: 'command', name: 'help' });
  });
});
