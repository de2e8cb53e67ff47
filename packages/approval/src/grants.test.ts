import { describe, expect, it } from 'vitest';
import { createPolicy } from './policy.js';
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
    expect(policy.decide(bash('ls')).type).toBe('ask');
  });
});
