import { describe, expect, it } from 'vitest';
import { createPolicy, namesDeniedByRule } from './policy.js';
import { bash, request } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';

describe('turn grants from skills', () => {
  it('without maxKind a skill grant allows what it names until the turn ends', () => {
    const policy = createPolicy({ tools: TOOLS });
    expect(policy.grantForTurn(['Bash(kubectl apply:*)', 'Edit'], 'skill deploy')).toEqual([]);
    expect(policy.decide(bash('kubectl apply -f x.yaml')).type).toBe('allow');
    policy.endTurn();
    expect(policy.decide(bash('kubectl apply -f x.yaml')).type).toBe('ask');
  });

  it("with maxKind 'read' write and exec grants are dropped, each reported by name", () => {
    const policy = createPolicy({ tools: TOOLS });
    const errors = policy.grantForTurn(
      ['Bash(kubectl apply:*)', 'Edit(src/**)', 'Read', 'Grep(src/**)', 'WebFetch'],
      'skill deploy',
      { maxKind: 'read' },
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('"Bash(kubectl apply:*)"');
    expect(errors[0]).toContain('exec');
    expect(errors[1]).toContain('"Edit(src/**)"');
    expect(errors[2]).toContain('WebFetch');
    expect(errors.every((e) => e.startsWith('skill deploy: '))).toBe(true);
    expect(policy.decide(bash('kubectl apply -f x.yaml')).type).toBe('ask');
    expect(policy.decide(request('edit_file', 'src/a.ts')).type).toBe('ask');
    expect(policy.list().map((g) => g.rule)).toEqual(['read_file', 'grep(src/**)']);
  });

  it("maxKind 'write' keeps edits and drops bash", () => {
    const policy = createPolicy({ tools: TOOLS });
    expect(policy.grantForTurn(['Bash', 'Write(src/**)'], 'skill fmt', { maxKind: 'write' })).toHaveLength(1);
    expect(policy.decide(request('write_file', 'src/a.ts')).type).toBe('allow');
    expect(policy.decide(bash('make')).type).toBe('ask');
  });
});

describe('turn denies from skills (disallowed-tools)', () => {
  it('deny until the turn ends, over a turn grant and bypass mode, naming the skill in the denial', () => {
    const policy = createPolicy({ tools: TOOLS, mode: 'bypassPermissions' });
    policy.grantForTurn(['Bash'], 'skill deploy');
    expect(policy.denyForTurn(['Bash', 'Edit(src/**)'], 'skill audit (disallowed-tools)')).toEqual([]);
    expect(policy.decide(bash('ls'))).toEqual({
      type: 'deny',
      message: 'This bash call is denied by the rule bash (skill audit (disallowed-tools), this turn); it was not run.',
    });
    expect(policy.decide(request('edit_file', 'src/a.ts')).type).toBe('deny');
    expect(policy.decide(request('edit_file', 'docs/a.md')).type).toBe('allow');
    expect(policy.listDenied()).toEqual([
      { rule: 'bash', scope: 'turn', origin: 'skill audit (disallowed-tools)' },
      { rule: 'edit_file(src/**)', scope: 'turn', origin: 'skill audit (disallowed-tools)' },
    ]);
    policy.endTurn();
    expect(policy.decide(bash('ls')).type).toBe('allow');
    expect(policy.listDenied()).toEqual([]);
  });

  it('a Read deny for the turn also hides the files from search (readFilter)', () => {
    const policy = createPolicy({ tools: TOOLS, root: '/w' });
    expect(policy.readFilter('/w/secrets/k')).toBe(true);
    policy.denyForTurn(['Read(secrets/**)'], 'skill x');
    expect(policy.readFilter('/w/secrets/k')).toBe(false);
    policy.endTurn();
    expect(policy.readFilter('/w/secrets/k')).toBe(true);
  });

  it('rules that do not parse are returned as errors naming the origin and the rule; the rest still deny', () => {
    const policy = createPolicy({ tools: TOOLS });
    const errors = policy.denyForTurn(['WebFetch', 'Bash(rm:*)'], 'skill x (disallowed-tools)');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^skill x \(disallowed-tools\): invalid rule "WebFetch"/);
    expect(policy.decide(bash('rm -rf build')).type).toBe('deny');
  });

  it('Skill(name *) in a deny rule denies loading that skill with any arguments', () => {
    const policy = createPolicy({ tools: TOOLS, mode: 'bypassPermissions', deny: ['Skill(deploy *)'] });
    expect(policy.decide(request('skill', 'deploy')).type).toBe('deny');
    expect(policy.decide(request('skill', 'review')).type).toBe('allow');
  });
});

describe('namesDeniedByRule (skills left out of the listing and the enum)', () => {
  it('names exactly the skills a deny rule denies, in any mode; allow rules and modes do not count', () => {
    const skill = TOOLS.find((t) => t.name === 'skill')!;
    const policy = createPolicy({
      tools: TOOLS,
      mode: 'plan',
      deny: ['Skill(deploy *)', 'Skill(ops:release)'],
      allow: ['Skill(review)'],
    });
    expect([...namesDeniedByRule(policy, skill, ['deploy', 'review', 'ops:release', 'lint'])]).toEqual([
      'deploy',
      'ops:release',
    ]);
    expect(policy.deniedByRule(request('skill', 'deploy'))).toBe(
      'This skill call is denied by the rule skill(deploy) (settings); it was not run.',
    );
    expect(policy.deniedByRule(request('skill', 'lint'))).toBeUndefined();
    expect([...namesDeniedByRule(createPolicy({ tools: TOOLS, deny: ['Skill'] }), skill, ['a', 'b'])]).toEqual([
      'a',
      'b',
    ]);
    expect([...namesDeniedByRule(policy, TOOLS.find((t) => t.name === 'bash')!, ['deploy'])]).toEqual([]);
  });

  it('asks about no name at all when no deny rule names the skill tool, and sees turn denies', () => {
    const skill = TOOLS.find((t) => t.name === 'skill')!;
    const policy = createPolicy({ tools: TOOLS, deny: ['Bash(rm:*)', 'Read(.env)'], allow: ['Skill(deploy)'] });
    expect(policy.hasDenyRulesFor(skill)).toBe(false);
    const asked: string[] = [];
    const counting = {
      hasDenyRulesFor: policy.hasDenyRulesFor,
      deniedByRule: (request: Parameters<typeof policy.deniedByRule>[0]) => {
        asked.push(request.target ?? '');
        return policy.deniedByRule(request);
      },
    };
    expect([...namesDeniedByRule(counting, skill, ['deploy', 'lint'])]).toEqual([]);
    expect(asked).toEqual([]);
    expect(policy.denyForTurn(['Skill(lint)'], 'skill review (disallowed-tools)')).toEqual([]);
    expect(policy.hasDenyRulesFor(skill)).toBe(true);
    expect([...namesDeniedByRule(counting, skill, ['deploy', 'lint'])]).toEqual(['lint']);
    expect(asked).toEqual(['deploy', 'lint']);
    policy.endTurn();
    expect(policy.hasDenyRulesFor(skill)).toBe(false);
  });
});
