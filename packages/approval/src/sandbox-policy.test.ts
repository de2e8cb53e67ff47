import { describe, expect, it } from 'vitest';
import { alwaysRuleFor } from './always.js';
import { createPolicy } from './policy.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

const sandboxed = (command: string) => ({ ...bash(command), sandboxed: true });
const escaping = (command: string) => ({ ...bash(command), escapesSandbox: true });

describe('commands inside the sandbox', () => {
  it('run without a question in default and acceptEdits modes, with the reason', () => {
    for (const mode of ['default', 'acceptEdits'] as const) {
      const decision = createPolicy({ tools: TOOLS, mode }).decide(sandboxed('npm test && make build'));
      expect(decision).toEqual({ type: 'allow', reason: 'it runs inside the sandbox' });
    }
  });

  it('still obey deny rules, ask rules and plan mode', () => {
    expect(createPolicy({ tools: TOOLS, deny: ['Bash(rm:*)'] }).decide(sandboxed('ls && rm -rf x')).type).toBe('deny');
    expect(createPolicy({ tools: TOOLS, deny: ['Bash(rm:*)'] }).decide(sandboxed('$x y')).type).toBe('ask');
    const ask = createPolicy({ tools: TOOLS, ask: ['Bash(git push:*)'], origin: { ask: 'settings' } });
    expect(ask.decide(sandboxed('git push origin main'))).toMatchObject({
      type: 'ask',
      reason: 'the ask rule bash(git push:*) (settings) matches',
    });
    expect(createPolicy({ tools: TOOLS, mode: 'plan' }).decide(sandboxed('make')).type).toBe('deny');
  });

  it('an ask rule also beats an allow rule', () => {
    const policy = createPolicy({ tools: TOOLS, allow: ['Bash(git:*)'], ask: ['Bash(git push:*)'] });
    expect(policy.decide(bash('git push')).type).toBe('ask');
    expect(policy.decide(bash('git fetch')).type).toBe('allow');
  });

  it('are not allowed by the sandbox when auto-allow is off', () => {
    expect(createPolicy({ tools: TOOLS, autoAllowSandboxed: false }).decide(sandboxed('make')).type).toBe('ask');
  });
});

describe('a call that asks to run outside the sandbox', () => {
  it('always asks, whatever allows the command, and "always" stores nothing', async () => {
    const policy = createPolicy({ tools: TOOLS, allow: ['Bash(npm install:*)'] });
    expect(policy.decide(escaping('npm install'))).toMatchObject({
      type: 'ask',
      reason: 'it asks to run outside the sandbox',
    });
    expect(alwaysRuleFor(escaping('npm install'))).toBe('');
    await policy.authorize(escaping('make'), async () => ({ type: 'session' }));
    expect(policy.list().map((g) => g.rule)).toEqual(['bash(npm install:*)']);
    expect(policy.decide(escaping('make')).type).toBe('ask');
  });

  it('is denied by a deny rule and in plan mode, allowed in bypass mode', () => {
    expect(createPolicy({ tools: TOOLS, deny: ['Bash(curl:*)'] }).decide(escaping('curl x')).type).toBe('deny');
    expect(createPolicy({ tools: TOOLS, mode: 'plan' }).decide(escaping('make')).type).toBe('deny');
    expect(createPolicy({ tools: TOOLS, mode: 'bypassPermissions' }).decide(escaping('make')).type).toBe('allow');
  });
});

describe('read-only commands run without a question, in or out of the sandbox', () => {
  const policy = createPolicy({ tools: TOOLS });
  it.each([
    'git status',
    'git diff --stat',
    'git log --oneline -5',
    'ls -la src',
    'echo hello',
    'pwd',
    'git branch -a',
    'git status && git diff | ls',
  ])('%j', (command) => {
    expect(policy.decide(bash(command))).toEqual({ type: 'allow', reason: 'a read-only command' });
  });

  it.each([
    'cat README.md',
    'ls /root/.ssh',
    'ls ../../etc',
    'ls ~',
    'git diff --no-index /etc/passwd x',
    'git log --stdin < secret.txt',
    'git blame --contents docs/key README.md',
    'git diff -Odocs/key',
    'git branch evil',
    'git remote add x y',
    'git -c core.pager=sh log',
    'git log --output=x',
    'echo hi > file.txt',
    'X=1 ls',
    'echo $HOME',
    'echo hi # comment',
    'ls && make',
  ])('but not %j', (command) => {
    expect(policy.decide(bash(command)).type).toBe('ask');
  });

  it('not while a deny rule guards reading', () => {
    const guarded = createPolicy({ tools: TOOLS, deny: ['Read(.env)'] });
    expect(guarded.decide(bash('git diff')).type).toBe('ask');
  });
});

describe('-p and a call that asks to leave the sandbox', () => {
  it('says only a person or a run without the sandbox can allow it, and suggests no rule that would not', async () => {
    const { authorizeNonInteractive } = await import('./policy.js');
    const outcome = authorizeNonInteractive(createPolicy({ tools: TOOLS }), escaping('npm install'));
    expect(outcome.allowed).toBe(false);
    if (outcome.allowed) return;
    expect(outcome.message).toMatch(/asked to run outside the sandbox, which only a person can allow/);
    expect(outcome.message).toContain('--no-sandbox');
    expect(outcome.message).not.toContain('--allowed-tools');
  });
});
