import { describe, expect, it } from 'vitest';
import { formatRule, parseRule, parseRuleList } from './rules.js';
import type { Rule } from './rules.js';
import { TOOLS } from './rule-tools.test-helpers.js';

function rule(text: string): Rule {
  const parsed = parseRule(text, TOOLS);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rule;
}

function error(text: string): string {
  const parsed = parseRule(text, TOOLS);
  if (parsed.ok) throw new Error(`expected ${text} to fail, got ${JSON.stringify(parsed.rule)}`);
  return parsed.error;
}

describe('parseRule: tool names', () => {
  it.each([
    ['Bash', 'bash'],
    ['Read', 'read_file'],
    ['Write', 'write_file'],
    ['Edit', 'edit_file'],
    ['MultiEdit', 'edit_file'],
    ['Glob', 'glob'],
    ['Grep', 'grep'],
    ['Skill', 'skill'],
    ['read_file', 'read_file'],
    ['edit_file', 'edit_file'],
    ['BASH', 'bash'],
    ['write', 'write_file'],
    ['multiedit', 'edit_file'],
  ])('%s names our %s tool (every call)', (text, tool) => {
    expect(rule(text)).toEqual({ tool, form: 'tool' });
  });

  it('accepts whitespace around the rule and inside the parentheses', () => {
    expect(rule('  Bash(  npm   test )  ')).toEqual({ tool: 'bash', form: 'exact', command: 'npm test' });
  });
});

describe('parseRule: bash forms', () => {
  it('Bash(npm test) is an exact command', () => {
    expect(rule('Bash(npm test)')).toEqual({ tool: 'bash', form: 'exact', command: 'npm test' });
  });

  it('Bash(git diff:*) and the newer Bash(git diff *) are prefixes', () => {
    expect(rule('Bash(git diff:*)')).toEqual({ tool: 'bash', form: 'prefix', prefix: 'git diff' });
    expect(rule('Bash(git diff *)')).toEqual({ tool: 'bash', form: 'prefix', prefix: 'git diff' });
    expect(rule('bash(git diff:*)')).toEqual({ tool: 'bash', form: 'prefix', prefix: 'git diff' });
  });

  it('Bash(*) and Bash(:*) mean every bash call', () => {
    expect(rule('Bash(*)')).toEqual({ tool: 'bash', form: 'tool' });
    expect(rule('Bash(:*)')).toEqual({ tool: 'bash', form: 'tool' });
  });

  it('a * that is not at the end is a literal character of the command', () => {
    expect(rule('Bash(ls *.ts)')).toEqual({ tool: 'bash', form: 'exact', command: 'ls *.ts' });
  });

  it('keeps balanced parentheses inside the command', () => {
    expect(rule('Bash(echo $(date))')).toEqual({ tool: 'bash', form: 'exact', command: 'echo $(date)' });
  });
});

describe('parseRule: path and skill forms', () => {
  it('Write(src/**) is a glob on the root-relative path', () => {
    expect(rule('Write(src/**)')).toEqual({ tool: 'write_file', form: 'path', pattern: 'src/**' });
    expect(rule('edit_file(./docs/*.md)')).toEqual({ tool: 'edit_file', form: 'path', pattern: 'docs/*.md' });
  });

  it("Claude Code's /path is project-relative and //path absolute", () => {
    expect(rule('Read(/src/**)')).toEqual({ tool: 'read_file', form: 'path', pattern: 'src/**' });
    expect(rule('Read(//etc/**)')).toEqual({ tool: 'read_file', form: 'path', pattern: '/etc/**' });
  });

  it('skill(name) names one skill; Skill(*) every skill', () => {
    expect(rule('skill(deploy)')).toEqual({ tool: 'skill', form: 'name', name: 'deploy' });
    expect(rule('Skill(deploy)')).toEqual({ tool: 'skill', form: 'name', name: 'deploy' });
    expect(rule('Skill(*)')).toEqual({ tool: 'skill', form: 'tool' });
  });

  it("Claude Code's Skill(name *) and Skill(name:*) are the same skill with any arguments; plugin names keep their colon", () => {
    expect(rule('Skill(deploy *)')).toEqual({ tool: 'skill', form: 'name', name: 'deploy' });
    expect(rule('Skill(deploy:*)')).toEqual({ tool: 'skill', form: 'name', name: 'deploy' });
    expect(rule('Skill(ops:deploy *)')).toEqual({ tool: 'skill', form: 'name', name: 'ops:deploy' });
    expect(formatRule(rule('Skill(deploy *)'))).toBe('skill(deploy)');
    expect(error('Skill(de ploy)')).toContain('Skill(skill-name *)');
    expect(error('Skill(dep*)')).toContain('no spaces or "*"');
  });
});

describe('parseRule: errors name the rule and the fix', () => {
  it('an unknown tool suggests the closest name and lists the real ones', () => {
    const message = error('Bsh(npm test)');
    expect(message).toContain('"Bsh(npm test)"');
    expect(message).toContain('did you mean Bash?');
    expect(message).toContain('read_file');
  });

  it("a tool the table lacks is an error naming the rule and every known name, ours and Claude Code's", () => {
    const message = error('WebFetch');
    expect(message).toContain('invalid rule "WebFetch": unknown tool "WebFetch"');
    for (const tool of TOOLS) for (const name of [tool.name, ...tool.ruleNames]) expect(message).toContain(name);
    expect(error('mcp__github__create_issue')).toContain('MCP tools are not supported');
  });

  it.each([
    ['', /empty; write a tool name/],
    ['Bash(npm test', /missing the closing "\)"; write Bash\(npm test\)/],
    ['Bash()', /empty parentheses; write Bash for every call, or Bash\(specifier\)/],
    ['(npm test)', /no tool name before "\("/],
    ['Bash(a))(', /missing the closing/],
    ['Bash(a)(b', /missing the closing/],
    ['Bash(echo ")")', /unbalanced parentheses/],
    ['Edit)', /"\)" without "\("/],
    ['Bash(npm\ntest)', /line breaks/],
    ['Read(~/notes)', /home-relative paths are not supported; write an absolute path/],
    ['skill(two words)', /a skill name has no spaces/],
  ])('%j is refused', (text, expected) => {
    expect(error(text)).toMatch(expected);
  });
});

describe('formatRule', () => {
  it('writes our syntax', () => {
    expect(formatRule(rule('Bash(git diff:*)'))).toBe('bash(git diff:*)');
    expect(formatRule(rule('Bash(npm test)'))).toBe('bash(npm test)');
    expect(formatRule(rule('Edit'))).toBe('edit_file');
    expect(formatRule(rule('Write(src/**)'))).toBe('write_file(src/**)');
    expect(formatRule(rule('Read(//etc/**)'))).toBe('read_file(//etc/**)');
    expect(formatRule(rule('Skill(deploy)'))).toBe('skill(deploy)');
  });
});

describe('parseRuleList', () => {
  it('splits on commas and whitespace outside parentheses', () => {
    expect(parseRuleList('Bash(git diff:*) Edit, Write(src/**)')).toEqual([
      'Bash(git diff:*)',
      'Edit',
      'Write(src/**)',
    ]);
  });

  it('keeps commas and spaces inside parentheses', () => {
    expect(parseRuleList('Bash(echo a, b),,  Read\n\tGrep')).toEqual(['Bash(echo a, b)', 'Read', 'Grep']);
  });

  it('gives nothing for blank input', () => {
    expect(parseRuleList('  , ')).toEqual([]);
  });
});
