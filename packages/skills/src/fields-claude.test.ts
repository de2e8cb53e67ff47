import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_FIELDS } from './fields-claude.js';
import { parseSkillFile } from './validate.js';
import type { ParsedSkillFile } from './validate.js';

const FILE = '/skills/my-skill/SKILL.md';
const md = (front: string) => `---\nname: my-skill\ndescription: d\n${front}\n---\nBody\n`;

function loaded(r: ParsedSkillFile) {
  if (!r.ok) throw new Error(`expected a skill, got: ${r.problem.message}`);
  return r;
}
const parse = (front: string) => loaded(parseSkillFile(md(front), FILE));
const notes = (front: string) => parse(front).notes.map((n) => n.message);

describe('Claude Code frontmatter fields', () => {
  it('reads every field Claude Code defines into the skill, none of them into extra', () => {
    const r = parse(
      [
        'when_to_use: when the user says "ship it"',
        'arguments: issue branch',
        'disallowed-tools: Bash(rm:*) Write',
        'model: claude-haiku-4-5',
        'effort: High',
        'context: fork',
        'agent: Explore',
        'paths: "src/**, docs/*.md"',
        'shell: bash',
      ].join('\n'),
    );
    expect(r.fields).toMatchObject({
      whenToUse: 'when the user says "ship it"',
      arguments: ['issue', 'branch'],
      disallowedTools: ['Bash(rm:*)', 'Write'],
      model: 'claude-haiku-4-5',
      effort: 'high',
      context: 'fork',
      agent: 'Explore',
      paths: ['src/**', 'docs/*.md'],
      shell: 'bash',
    });
    expect(r.fields.extra).toEqual({});
    expect(r.notes).toEqual([]);
  });

  it('keeps in `extra` exactly the table keys no Skill property holds (hooks, version), and names a property that exists', () => {
    const r = parse(['hooks: x', 'version: "1"', 'argument-hint: "[issue]"', 'user-invocable: true'].join('\n'));
    const withoutProp = Object.keys(CLAUDE_CODE_FIELDS).filter((k) => CLAUDE_CODE_FIELDS[k]?.prop === undefined);
    expect(withoutProp.sort()).toEqual(['hooks', 'version']);
    expect(Object.keys(r.fields.extra).sort()).toEqual(['hooks', 'version']);
    expect(r.fields).toMatchObject({ argumentHint: '[issue]', userInvocable: true });
  });

  it('leaves absent fields absent (a skill without them equals one parsed before they existed)', () => {
    const r = parse('license: MIT');
    for (const key of ['whenToUse', 'arguments', 'disallowedTools', 'model', 'effort', 'context', 'agent', 'paths'])
      expect(key in r.fields, key).toBe(false);
  });

  it('reads `arguments` as a YAML list or a space-separated string, dropping empty and all-digit names as Claude Code does', () => {
    expect(parse('arguments: [issue, branch]').fields.arguments).toEqual(['issue', 'branch']);
    expect(parse('arguments:  issue   branch ').fields.arguments).toEqual(['issue', 'branch']);
    const digits = parse('arguments: "0 issue 12"');
    expect(digits.fields.arguments).toEqual(['issue']);
    expect(digits.notes.map((n) => n.message)).toEqual([
      '`arguments` names "0", "12" are all digits and were ignored ($0, $1... already mean the positions)',
    ]);
    expect(notes('arguments: {a: 1}')).toEqual([
      '`arguments` is a map, not a list of names, and was ignored: write `arguments: issue branch`',
    ]);
  });

  it('ignores `model: inherit` (the session model applies) and notes values it cannot use', () => {
    expect('model' in parse('model: inherit').fields).toBe(false);
    expect(notes('effort: extreme')).toEqual([
      '`effort` is "extreme", not one of low, medium, high, xhigh, max, and was ignored',
    ]);
    expect(notes('context: inline')).toEqual(['`context` is "inline", not one of fork, and was ignored']);
    expect(notes('shell: zsh')).toEqual(['`shell` is "zsh", not one of bash, powershell, and was ignored']);
    expect(notes('agent: Explore')).toEqual([
      '`agent` applies only with `context: fork`, and this skill has none; it is ignored',
    ]);
  });

  it('checks disallowed-tools for rule syntax like allowed-tools, keeping the entries that parse', () => {
    const r = parse('disallowed-tools: "Bash(rm:*) Bash("');
    expect(r.fields.disallowedTools).toEqual(['Bash(rm:*)']);
    expect(r.notes.map((n) => n.message)).toEqual([
      'skill "my-skill": disallowed-tools entry "Bash(" does not parse: the "(" is never closed: end the pattern with ")"; it was left out (the other entries apply)',
    ]);
  });

  it('names what the harness does with each field, honoured or ignored', () => {
    expect(Object.keys(CLAUDE_CODE_FIELDS)).toEqual(
      expect.arrayContaining(['when_to_use', 'arguments', 'disallowed-tools', 'model', 'effort', 'context', 'agent']),
    );
    for (const [key, field] of Object.entries(CLAUDE_CODE_FIELDS)) {
      expect(['honoured', 'ignored'], key).toContain(field.status);
      expect(field.what.length, key).toBeGreaterThan(10);
    }
    expect(CLAUDE_CODE_FIELDS.hooks?.status).toBe('honoured');
    expect(CLAUDE_CODE_FIELDS.version?.status).toBe('ignored');
  });
});
