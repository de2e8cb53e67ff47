import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
import { bash } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

describe('an answer for the project, and ask rules from a settings file', () => {
  it('"project" allows the call and grants the same rule as "session" for the rest of the session', async () => {
    const policy = createPolicy({ tools: TOOLS });
    const auth = await policy.authorize(bash('npm test'), async () => ({ type: 'project' }));
    expect(auth).toEqual({ allowed: true, how: 'project', reason: 'the user allowed it for the project' });
    expect(policy.list()).toEqual([{ rule: 'bash(npm test:*)', scope: 'session', origin: 'user answer' }]);
    expect(policy.sessionGrantFor(bash('npm test'))).toEqual(['bash(npm test:*)']);
    expect(policy.decide(bash('npm test -- --watch')).type).toBe('allow');
  });

  it('ask rules are listed with the file they came from, and ask even where an allow rule would allow', () => {
    const policy = createPolicy({
      tools: TOOLS,
      sources: [{ origin: '/home/me/.claude/settings.json', allow: ['Bash(git:*)'], ask: ['Bash(git push:*)'] }],
    });
    expect(policy.listAsked()).toEqual([
      { rule: 'bash(git push:*)', scope: 'session', origin: '/home/me/.claude/settings.json' },
    ]);
    expect(policy.decide(bash('git push origin main')).type).toBe('ask');
    expect(policy.decide(bash('git fetch')).type).toBe('allow');
  });
});
