import { describe, expect, it } from 'vitest';
import { alwaysRuleFor } from './always.js';
import { denialForNonInteractive } from './messages.js';
import { createPolicy } from './policy.js';
import { request } from './requests.test-helpers.js';
import { TOOLS } from './rule-tools.test-helpers.js';
import { formatRule, parseRule } from './rules.js';
import type { RuleTool } from './types.js';

// Tools a library user might add: approval knows them only through the table it is given.
const deploy: RuleTool = {
  name: 'deploy',
  kind: 'exec',
  ruleNames: ['Deploy'],
  pathFields: [],
  specifier: 'none',
  deniedWith: [],
};
const notes: RuleTool = {
  name: 'read_notes',
  kind: 'read',
  ruleNames: ['Notes'],
  pathFields: ['file'],
  specifier: 'path',
  deniedWith: ['read_file'],
};
const run: RuleTool = {
  name: 'run_script',
  kind: 'exec',
  ruleNames: [],
  pathFields: [],
  specifier: 'command',
  deniedWith: [],
};
const WITH_OWN = [...TOOLS, deploy, notes, run];

describe('rule names come from the table the caller passes', () => {
  it('a rule for an added tool parses by our name and its Claude-style name, in any case', () => {
    expect(parseRule('Deploy', WITH_OWN)).toEqual({ ok: true, rule: { tool: 'deploy', form: 'tool' } });
    expect(parseRule('DEPLOY', WITH_OWN)).toEqual({ ok: true, rule: { tool: 'deploy', form: 'tool' } });
    expect(parseRule('Notes(docs/**)', WITH_OWN)).toEqual({
      ok: true,
      rule: { tool: 'read_notes', form: 'path', pattern: 'docs/**' },
    });
    expect(parseRule('run_script(make:*)', WITH_OWN)).toEqual({
      ok: true,
      rule: { tool: 'run_script', form: 'prefix', prefix: 'make' },
    });
    expect(parseRule('Deploy(prod)', WITH_OWN)).toMatchObject({
      ok: false,
      error: expect.stringContaining('Deploy takes no specifier'),
    });
  });

  it('the same rule without the tool in the table is an error naming the rule and the known names', () => {
    const parsed = parseRule('Deploy', TOOLS);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error).toMatch(/^invalid rule "Deploy": unknown tool "Deploy"/);
      expect(parsed.error).toContain('edit_file (Edit, MultiEdit)');
    }
    expect(parseRule('Read', []).ok).toBe(false);
    expect(() => createPolicy({ allow: ['Read'] })).toThrow(/no tools were given to check rules against/);
  });

  it('a policy without a table still decides by mode', () => {
    const policy = createPolicy({ mode: 'bypassPermissions' });
    expect(policy.decide(request('bash', 'ls')).type).toBe('allow');
    expect(policy.tools).toEqual([]);
  });

  it('allow and deny rules for added tools decide their calls', () => {
    const policy = createPolicy({ tools: WITH_OWN, allow: ['Deploy', 'Notes(docs/**)'], deny: ['run_script(rm:*)'] });
    const call = (tool: RuleTool, target?: string) => ({
      tool: tool.name,
      kind: tool.kind,
      input: {},
      summary: tool.name,
      ...(target === undefined ? {} : { target }),
    });
    expect(policy.decide(call(deploy)).type).toBe('allow');
    expect(policy.decide(call(notes, 'docs/a.md'))).toEqual({
      type: 'allow',
      reason: 'allowed by read_notes(docs/**) (settings)',
    });
    expect(policy.decide(call(run, 'rm -rf x')).type).toBe('deny');
    expect(policy.decide(call(run, 'make test')).type).toBe('ask');
  });

  it('an added reading tool denied with read_file is covered by a Read deny, and its own deny hides files', () => {
    const policy = createPolicy({ tools: WITH_OWN, root: '/r', deny: ['Read(secret/**)', 'Notes(private/**)'] });
    expect(policy.decide({ tool: 'read_notes', kind: 'read', input: {}, summary: '', target: 'secret/k' }).type).toBe(
      'deny',
    );
    expect(policy.readFilter('/r/private/x')).toBe(false);
    expect(policy.readFilter('/r/public/x')).toBe(true);
  });

  it('a session answer for a tool without specifier stores the whole tool; for a path tool the path', () => {
    const policy = createPolicy({ tools: WITH_OWN });
    expect(policy.sessionGrantFor({ tool: 'deploy', kind: 'exec', input: {}, summary: '' })).toEqual(['deploy']);
    expect(
      policy.sessionGrantFor({ tool: 'read_notes', kind: 'read', input: { file: 'a[1].md' }, summary: '' }),
    ).toEqual(['read_notes(a\\[1\\].md)']);
    expect(policy.sessionGrantFor({ tool: 'nothing_known', kind: 'exec', input: {}, summary: '' })).toEqual([]);
  });

  it('a request carrying its tool entry needs no table to phrase the always rule and the flags', () => {
    const req = {
      tool: 'run_script',
      kind: 'exec' as const,
      input: { command: 'ls -la' },
      summary: 'run ls -la',
      ruleTool: run,
    };
    expect(alwaysRuleFor(req)).toBe('run_script(ls -la)');
    expect(alwaysRuleFor({ ...req, ruleTool: undefined })).toBe('');
    const denial = denialForNonInteractive(req);
    expect(denial).toContain("--allowed-tools 'run_script(ls -la)' (this command)");
    expect(denialForNonInteractive({ ...req, ruleTool: undefined })).not.toContain('--allowed-tools');
  });

  it('every rule formatted back parses to itself with the same table', () => {
    for (const text of [
      'Deploy',
      'Notes(//abs/x)',
      'run_script(git diff:*)',
      'Bash(npm test)',
      'Skill(x)',
      'Edit(src/**)',
    ]) {
      const parsed = parseRule(text, WITH_OWN);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parseRule(formatRule(parsed.rule), WITH_OWN)).toEqual(parsed);
    }
  });

  it('a turn grant of Edit and MultiEdit lists edit_file once', () => {
    const policy = createPolicy({ tools: TOOLS });
    expect(policy.grantForTurn(['Edit', 'MultiEdit'], 'skill x')).toEqual([]);
    expect(
      policy
        .list()
        .filter((g) => g.scope === 'turn')
        .map((g) => g.rule),
    ).toEqual(['edit_file']);
  });
});
