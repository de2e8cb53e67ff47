import type { Skill } from '@coding-harness/skills';
import { describe, expect, it } from 'vitest';
import { routeSlash, shadowedSkillNotes } from './slash.js';

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

describe('shadowedSkillNotes', () => {
  it('names each user-invocable skill a built-in shadows and how to run it', () => {
    expect(
      shadowedSkillNotes([skill('status'), skill('demo-skill'), skill('model', { userInvocable: false })]),
    ).toEqual([
      { path: '/skills/status/SKILL.md', message: '/status is a built-in command; run this skill as /skill:status' },
    ]);
    expect(routeSlash('/skill:status', [skill('status')])).toEqual({
      kind: 'run_skill',
      name: 'status',
      text: '/status',
    });
  });
});

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
      kind: 'run_skill',
      name: 'demo-skill',
      text: '/demo-skill notes.txt',
    });
    expect(routeSlash('/skill:demo-skill  a b', skills)).toEqual({
      kind: 'run_skill',
      name: 'demo-skill',
      text: '/demo-skill a b',
    });
    expect(routeSlash('/skill:help', skills)).toEqual({ kind: 'run_skill', name: 'help', text: '/help' });
  });

  it('never sends a typo: any other /word is unknown, said with the closest command or skill', () => {
    expect(routeSlash('/demo-skil go', skills)).toEqual({
      kind: 'unknown',
      message:
        '/demo-skil is not a command or skill, so nothing was sent to the model; did you mean /demo-skill? /help lists them (a path like /usr/bin/env is sent as text)',
    });
    expect(routeSlash('/stauts', skills)).toMatchObject({
      kind: 'unknown',
      message: expect.stringContaining('did you mean /status?'),
    });
    expect(routeSlash('/xyzzy', skills)).toMatchObject({
      kind: 'unknown',
      message: expect.not.stringContaining('did you mean'),
    });
    expect(routeSlash('/skill:nope', skills)).toMatchObject({ kind: 'unknown' });
  });

  it('says a model-only skill can only be used by the model', () => {
    expect(routeSlash('/model-only', skills)).toMatchObject({
      kind: 'model-only',
      message: expect.stringContaining('only be used by the model'),
    });
  });

  it('treats ordinary text and paths as text', () => {
    expect(routeSlash('fix the bug', skills)).toEqual({ kind: 'text' });
    expect(routeSlash('/usr/bin/env is missing', skills)).toEqual({ kind: 'text' });
    expect(routeSlash('/tmp/x.log has the error', [], { skillsEnabled: false })).toEqual({ kind: 'text' });
  });

  it('with skills off (--no-skills) a /word is never sent either: a command runs, anything else is unknown', () => {
    expect(routeSlash('/help', [], { skillsEnabled: false })).toMatchObject({ kind: 'command', name: 'help' });
    expect(routeSlash('/demo-skill go', skills, { skillsEnabled: false })).toEqual({
      kind: 'unknown',
      message:
        '/demo-skill is not a command (skills are off), so nothing was sent to the model; did you mean /reload-skills? /help lists them (a path like /usr/bin/env is sent as text)',
    });
    expect(routeSlash('/modell', [], { skillsEnabled: false })).toMatchObject({
      kind: 'unknown',
      message: expect.stringContaining('did you mean /model?'),
    });
  });
});
