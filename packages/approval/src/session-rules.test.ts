import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { bash, request } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

/** `/permissions allow|deny|remove <rule>`: rules added and removed in a running session. */
describe('addRule and removeRule', () => {
  it('an added allow rule allows from then on, listed with its origin', () => {
    const policy = createPolicy({ tools: TOOLS });
    expect(policy.decide(bash('npm test')).type).toBe('ask');
    expect(policy.addRule('allow', 'Bash(npm test:*)', '/permissions')).toBeUndefined();
    expect(policy.decide(bash('npm test -- --watch')).type).toBe('allow');
    expect(policy.list()).toContainEqual({ rule: 'bash(npm test:*)', scope: 'session', origin: '/permissions' });
  });

  it('an added deny rule beats an allow rule and the mode, and names its origin', () => {
    const policy = createPolicy({ tools: TOOLS, mode: 'acceptEdits', allow: ['Edit'] });
    expect(policy.addRule('deny', 'Edit(secrets/**)', '/permissions')).toBeUndefined();
    const decision = policy.decide(request('edit_file', 'secrets/key.txt'));
    expect(decision.type).toBe('deny');
    expect(decision.type === 'deny' && decision.message).toContain('/permissions');
    expect(policy.decide(request('edit_file', 'src/a.ts')).type).toBe('allow');
  });

  it('a rule that does not parse is refused with the parser message, nothing added', () => {
    const policy = createPolicy({ tools: TOOLS });
    const error = policy.addRule('allow', 'Frobnicate(x)', '/permissions');
    expect(error).toContain('Frobnicate');
    expect(policy.list()).toEqual([]);
  });

  it('remove takes the rule out whatever its origin and spelling, and returns what went', () => {
    const policy = createPolicy({ tools: TOOLS, allow: ['Bash(git status)'], origin: { allow: '--allowed-tools' } });
    policy.addRule('deny', 'Read(.env)', '/permissions');
    expect(policy.removeRule('bash(git status)')).toEqual([
      { rule: 'bash(git status)', scope: 'session', origin: '--allowed-tools' },
    ]);
    expect(policy.decide(bash('git status')).type).toBe('ask');
    expect(policy.removeRule('Read(.env)')).toEqual([
      { rule: 'read_file(.env)', scope: 'session', origin: '/permissions' },
    ]);
    expect(policy.listDenied()).toEqual([]);
    expect(policy.removeRule('Read(.env)')).toEqual([]);
    expect(typeof policy.removeRule('Nope(')).toBe('string');
  });
});
