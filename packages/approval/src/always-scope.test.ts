import { describe, expect, it } from 'vitest';
import { alwaysRuleFor, alwaysRuleScope } from './always.js';
import { bash, request } from './requests.test-helpers.js';

describe('the question says what "always" will cover, before the answer', () => {
  it.each([
    ['make -j4 all', 'bash(make -j4 all)', /^exactly this command/],
    ['cargo test --all', 'bash(cargo test --all)', /^exactly this command/],
    ['git log --oneline', 'bash(git log:*)', /every "git log …" command.*except with an option that runs other code/],
  ])('%j: %s, %s', (command, rule, scope) => {
    expect(alwaysRuleFor(bash(command))).toBe(rule);
    expect(alwaysRuleScope(bash(command))).toMatch(scope);
  });

  it('names the path or the skill for other tools, and nothing when no rule is stored', () => {
    expect(alwaysRuleScope(request('edit_file', 'src/a.ts'))).toBe('edit_file of this path only');
    expect(alwaysRuleScope(request('skill', 'deploy'))).toBe('skill deploy, with any arguments');
    expect(alwaysRuleScope(request('no_such_tool', 'x'))).toBe('');
  });
});
