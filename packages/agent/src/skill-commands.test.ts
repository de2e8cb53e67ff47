import { createPolicy } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { skillCommandAuthorizer } from './skill-commands.js';

const skill = (allowedTools: string[] = []): Skill => ({
  name: 'status',
  description: 'd',
  dir: '/s/status',
  file: '/s/status/SKILL.md',
  source: 'personal',
  root: '/s',
  allowedTools,
  userInvocable: true,
  disableModelInvocation: false,
  extra: {},
});

function setup(opts: { allow?: string[]; deny?: string[]; mode?: 'ask' | 'bypass' | 'plan' } = {}) {
  const registry = createToolRegistry({ skills: [] });
  const policy = createPolicy({
    tools: registry.ruleNames(),
    allow: opts.allow ?? [],
    deny: opts.deny ?? [],
    mode: opts.mode ?? 'ask',
    root: '/w',
  });
  return { registry, policy };
}

describe('skill dynamic context commands are judged by the session policy, asking nobody', () => {
  it('allows a command an allow rule covers', async () => {
    const judge = skillCommandAuthorizer(setup({ allow: ['Bash(git status)'] }));
    expect(await judge('git status', skill())).toEqual({ allowed: true });
  });

  it('refuses, as "would need asking", a command no rule covers', async () => {
    const judge = skillCommandAuthorizer(setup());
    expect(await judge('git status', skill())).toEqual({ allowed: false, denied: false, message: 'no rule allows it' });
  });

  it('refuses with the deny rule when one matches, even in bypass mode', async () => {
    const judge = skillCommandAuthorizer(setup({ deny: ['Bash(git status)'], mode: 'bypass' }));
    const verdict = await judge('git status', skill());
    expect(verdict).toMatchObject({ allowed: false, denied: true });
    expect(verdict.allowed === false && verdict.message).toMatch(/denied by the rule .*git status/);
  });

  it("applies the skill's allowed-tools only when the user forced it with /name, granting the session nothing; deny rules win", async () => {
    const deps = setup();
    const s = skill(['Bash(git status:*)']);
    expect(await skillCommandAuthorizer(deps)('git status', s)).toMatchObject({ allowed: false });
    expect(await skillCommandAuthorizer({ ...deps, forcedSkill: 'status' })('git status', s)).toEqual({
      allowed: true,
    });
    expect(deps.policy.list()).toEqual([]);
    const denied = setup({ deny: ['Bash(git:*)'] });
    expect(await skillCommandAuthorizer({ ...denied, forcedSkill: 'status' })('git status', s)).toMatchObject({
      allowed: false,
      denied: true,
    });
  });
});
