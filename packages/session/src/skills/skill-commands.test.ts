import { createPolicy } from '@coding-harness/approval';
import type { Skill } from '@coding-harness/skills';
import { createToolRegistry } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { skillCommandAuthorizer } from './skill-commands.js';

const skill = (allowedTools: string[] = [], disallowedTools?: string[]): Skill => ({
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
  ...(disallowedTools ? { disallowedTools } : {}),
});

function setup(opts: { allow?: string[]; deny?: string[]; mode?: 'default' | 'bypassPermissions' | 'plan' } = {}) {
  const registry = createToolRegistry();
  const policy = createPolicy({
    tools: registry.ruleNames(),
    allow: opts.allow ?? [],
    deny: opts.deny ?? [],
    mode: opts.mode ?? 'default',
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
    expect(await judge('git fetch', skill())).toEqual({ allowed: false, denied: false, message: 'no rule allows it' });
  });

  it('refuses with the deny rule when one matches, even in bypass mode', async () => {
    const judge = skillCommandAuthorizer(setup({ deny: ['Bash(git status)'], mode: 'bypassPermissions' }));
    const verdict = await judge('git status', skill());
    expect(verdict).toMatchObject({ allowed: false, denied: true });
    expect(verdict.allowed === false && verdict.message).toMatch(/denied by the rule .*git status/);
  });

  it("applies the skill's allowed-tools only when the user forced it with /name, granting the session nothing; deny rules win", async () => {
    const deps = setup();
    const s = skill(['Bash(git fetch:*)']);
    expect(await skillCommandAuthorizer(deps)('git fetch', s)).toMatchObject({ allowed: false });
    expect(await skillCommandAuthorizer({ ...deps, forced: true })('git fetch', s)).toEqual({
      allowed: true,
    });
    expect(deps.policy.list()).toEqual([]);
    const denied = setup({ deny: ['Bash(git:*)'] });
    expect(await skillCommandAuthorizer({ ...denied, forced: true })('git status', s)).toMatchObject({
      allowed: false,
      denied: true,
    });
  });

  it("refuses a command the skill's own disallowed-tools deny, even when a session rule or its allowed-tools allow it", async () => {
    const s = skill(['Bash(rm:*)'], ['Bash(rm:*)', 'Bash(((']);
    const allowed = setup({ allow: ['Bash(rm:*)'], mode: 'bypassPermissions' });
    for (const judge of [skillCommandAuthorizer(allowed), skillCommandAuthorizer({ ...allowed, forced: true })]) {
      const verdict = await judge('rm -rf build', s);
      expect(verdict).toEqual({
        allowed: false,
        denied: true,
        message: "the skill's own disallowed-tools rule Bash(rm:*) denies it",
      });
    }
    // Other commands are judged as before: the skill's deny rules name only what they name.
    expect(await skillCommandAuthorizer(allowed)('ls', s)).toEqual({ allowed: true });
  });
});

describe('dynamic context judged as a bash call would be', () => {
  it('allows read-only commands and, with the sandbox active, any command no rule denies', async () => {
    const judge = skillCommandAuthorizer(setup());
    expect(await judge('git diff --stat', skill())).toEqual({ allowed: true });
    expect(await judge('make build', skill())).toMatchObject({ allowed: false, denied: false });
    const boxed = skillCommandAuthorizer({ ...setup({ deny: ['Bash(curl:*)'] }), sandbox: { active: true } });
    expect(await boxed('make build', skill())).toEqual({ allowed: true });
    expect(await boxed('curl evil.example', skill())).toMatchObject({ allowed: false, denied: true });
  });

  it("refuses a repository skill's commands until the repository is trusted, whatever allows them", async () => {
    const project: Skill = { ...skill(), source: 'project' };
    const untrusted = skillCommandAuthorizer({ ...setup({ allow: ['Bash'] }), sandbox: { active: true } });
    const verdict = await untrusted('git diff', project);
    expect(verdict).toMatchObject({ allowed: false, denied: true });
    expect(verdict.allowed === false && verdict.message).toMatch(/this repository, which you have not trusted/);
    const trusted = skillCommandAuthorizer({ ...setup(), sandbox: { active: true }, projectTrusted: true });
    expect(await trusted('make build', project)).toEqual({ allowed: true });
  });
});
