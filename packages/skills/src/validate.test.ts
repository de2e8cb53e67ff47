import { describe, expect, it } from 'vitest';
import type { ParsedSkillFile } from './validate.js';
import { parseSkillBytes, parseSkillFile, suggestSlug } from './validate.js';

const FILE = '/skills/my-skill/SKILL.md';
const md = (front: string, body = '# Body\n') => `---\n${front}\n---\n${body}`;

function problem(r: ParsedSkillFile): string {
  expect(r.ok).toBe(false);
  if (r.ok) return '';
  expect(r.problem.path).toBe(FILE);
  return r.problem.message;
}
/** The problem's message, whatever file it names. */
function problemAt(r: ParsedSkillFile): string {
  if (r.ok) throw new Error('expected a problem, got a skill');
  return r.problem.message;
}
function loaded(r: ParsedSkillFile) {
  if (!r.ok) throw new Error(`expected a skill, got: ${r.problem.message}`);
  return r;
}

describe('parseSkillFile: what skips a skill', () => {
  it('no frontmatter, or a block never closed', () => {
    expect(problem(parseSkillFile('# hello\n', FILE))).toMatch(/no frontmatter/);
    expect(problem(parseSkillFile('---\nname: my-skill\n', FILE))).toMatch(/never closed/);
  });

  it('YAML that does not parse, with the line', () => {
    expect(problem(parseSkillFile(md('name: my-skill\ndescription: x\nbad: @x'), FILE))).toMatch(/line 4/);
  });

  it('frontmatter that is not a mapping', () => {
    expect(problem(parseSkillFile(md('- a\n- b'), FILE))).toMatch(/not a map/);
    expect(problem(parseSkillFile(md('just text'), FILE))).toMatch(/not a map/);
  });

  it('missing or empty description', () => {
    expect(problem(parseSkillFile(md('name: my-skill'), FILE))).toMatch(/no `description`/);
    expect(problem(parseSkillFile(md('name: my-skill\ndescription: "  "'), FILE))).toMatch(/empty `description`/);
    expect(problem(parseSkillFile(md('name: my-skill\ndescription:'), FILE))).toMatch(/no `description`/);
  });

  it('missing name, or a name that differs from the folder (naming both)', () => {
    expect(problem(parseSkillFile(md('description: d'), FILE))).toMatch(/no `name`.*name: my-skill/);
    const file = '/skills/customerio-automation/SKILL.md';
    const r = parseSkillFile(md('name: Customer.io Automation\ndescription: d'), file);
    expect(r).toEqual({
      ok: false,
      problem: { path: file, message: expect.stringContaining('"Customer.io Automation"') },
    });
    if (!r.ok)
      expect(r.problem.message).toMatch(/folder is "customerio-automation".*set `name: customerio-automation`/);
  });

  it('a folder name that is not a slug, suggesting one', () => {
    for (const folder of ['my_skill', '-leading', 'Upper', 'dots.in']) {
      const r = parseSkillFile(md(`name: ${folder}\ndescription: d`), `/skills/${folder}/SKILL.md`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problem.message).toMatch(/not a valid skill name.*rename the folder to "[a-z0-9][a-z0-9-]*"/);
    }
  });

  it('over 1 MiB or not UTF-8', () => {
    expect(problem(parseSkillBytes(new Uint8Array(1024 * 1024 + 1), FILE))).toMatch(/1 MiB/);
    expect(problem(parseSkillBytes(new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]), FILE))).toMatch(/UTF-8/);
  });
});

describe('parseSkillFile: what loads', () => {
  it('reads every known field and keeps the rest untouched', () => {
    const r = loaded(
      parseSkillFile(
        md(
          [
            'name: my-skill',
            'description: Does things.',
            'allowed-tools: Read, Bash(git status:*)',
            'user-invocable: no',
            'disable-model-invocation: YES',
            'argument-hint: "<file>"',
            'license: MIT',
            'compatibility: Node 20',
            'metadata:',
            '  tags: [{a: 1}, {b: 2}]',
            'requires: [git]',
            'version: 1.2',
          ].join('\n'),
        ),
        FILE,
      ),
    );
    expect(r.fields).toEqual({
      name: 'my-skill',
      description: 'Does things.',
      allowedTools: ['Read', 'Bash(git status:*)'],
      userInvocable: false,
      disableModelInvocation: true,
      argumentHint: '<file>',
      license: 'MIT',
      compatibility: 'Node 20',
      metadata: { tags: [{ a: 1 }, { b: 2 }] },
      extra: { requires: ['git'], version: 1.2 },
    });
    expect(r.notes).toEqual([
      {
        path: FILE,
        message:
          '`metadata` values must be strings (the reference validator and claude.ai refuse others); quote `tags` (a list)',
        rejected: true,
      },
    ]);
    expect(r.body).toBe('# Body\n');
  });

  it('a SKILL.md with only name and description gets the same defaults, in the same key order, as one with more keys', () => {
    const only = loaded(parseSkillFile(md('name: my-skill\ndescription: Does things.'), FILE));
    const more = loaded(parseSkillFile(md('name: my-skill\ndescription: Does things.\nlicense: MIT'), FILE));
    const { license, ...rest } = more.fields;
    expect(license).toBe('MIT');
    expect(only.fields).toStrictEqual(rest);
    expect(Object.keys(only.fields)).toEqual(Object.keys(rest));
    expect(only.notes).toEqual([]);
  });

  it('parses a description the same whether plain, quoted, folded or literal', () => {
    const forms = [
      'description: Use when deploying.',
      'description: "Use when deploying."',
      "description: 'Use when deploying.'",
      'description: >-\n  Use when\n  deploying.',
      'description: >\n  Use when deploying.\n',
      'description: |\n  Use when deploying.',
      'description:    Use when deploying.   ',
    ];
    for (const form of forms)
      expect(loaded(parseSkillFile(md(`name: my-skill\n${form}`), FILE)).fields.description).toBe(
        'Use when deploying.',
      );
  });

  it('recovers a plain value holding ": " with a note', () => {
    const r = loaded(parseSkillFile(md('name: my-skill\ndescription: Use when: deploying'), FILE));
    expect(r.fields.description).toBe('Use when: deploying');
    expect(r.notes).toEqual([{ path: FILE, message: expect.stringMatching(/line 3.*quote/), strict: true }]);
  });

  it('loads `argument-hint: [a] [b]` (invalid YAML, common in Claude Code skills) as its text, with a strict note', () => {
    const r = loaded(
      parseSkillFile(md('name: my-skill\ndescription: d\nargument-hint: [issue-number] [--verbose]'), FILE),
    );
    expect(r.fields.argumentHint).toBe('[issue-number] [--verbose]');
    expect(r.notes).toEqual([
      {
        path: FILE,
        message: expect.stringMatching(/^line 4: a value starts as a YAML list or map but goes on after it.*quote it/),
        strict: true,
      },
    ]);
  });

  it('coerces argument-hint: [file] to its text with a note', () => {
    const r = loaded(parseSkillFile(md('name: my-skill\ndescription: d\nargument-hint: [file]'), FILE));
    expect(r.fields.argumentHint).toBe('[file]');
    expect(r.notes[0]?.message).toMatch(/argument-hint/);
  });

  it('keeps the default for an unreadable boolean, with a note', () => {
    const r = loaded(parseSkillFile(md('name: my-skill\ndescription: d\nuser-invocable: sometimes'), FILE));
    expect(r.fields.userInvocable).toBe(true);
    expect(r.notes[0]?.message).toMatch(/user-invocable/);
  });

  it('notes what the specification forbids but real skills do', () => {
    const long = 'a'.repeat(70);
    const r = loaded(
      parseSkillFile(
        md(`name: ${long}\ndescription: ${'d'.repeat(1100)}\ncompatibility: ${'c'.repeat(501)}`, 'x\n'.repeat(501)),
        `/s/${long}/SKILL.md`,
      ),
    );
    const messages = r.notes.map((n) => n.message).join('\n');
    expect(messages).toMatch(/70 characters.*64/);
    expect(messages).toMatch(/1,024/);
    expect(messages).toMatch(/compatibility.*500/);
    expect(messages).toMatch(/501 lines/);
    const hyphens = loaded(parseSkillFile(md('name: a--b\ndescription: d'), '/s/a--b/SKILL.md'));
    expect(hyphens.notes).toEqual([
      { path: '/s/a--b/SKILL.md', message: expect.stringMatching(/doubled hyphen/), strict: true },
    ]);
  });

  it('treats a leading and a trailing hyphen alike: the folder is not a valid name, skipped with a rename', () => {
    const lead = problemAt(parseSkillFile(md('name: -lead\ndescription: d'), '/s/-lead/SKILL.md'));
    const trail = problemAt(parseSkillFile(md('name: trail-\ndescription: d'), '/s/trail-/SKILL.md'));
    expect(lead).toBe(
      'the folder name "-lead" is not a valid skill name (lowercase letters, digits and hyphens, starting and ending with a letter or digit): rename the folder to "lead" and set `name: lead`',
    );
    expect(trail).toBe(
      lead.replaceAll('-lead', 'trail-').replaceAll('"lead"', '"trail"').replace('name: lead', 'name: trail'),
    );
  });

  it('keeps allowed-tools as written, names it cannot know included, without a note', () => {
    const r = loaded(
      parseSkillFile(md('name: my-skill\ndescription: d\nallowed-tools:\n  - Read\n  - WebFetch'), FILE),
    );
    expect(r.fields.allowedTools).toEqual(['Read', 'WebFetch']);
    expect(r.notes).toEqual([]);
  });

  it('tolerates a BOM, CRLF, no final newline and an empty body', () => {
    const r = loaded(parseSkillFile('\uFEFF---\r\nname: my-skill\r\ndescription: "d"\r\n---', FILE));
    expect(r.fields.description).toBe('d');
    expect(r.body).toBe('');
    expect(r.notes).toEqual([]);
  });

  it('a number as name is read as its text', () => {
    expect(loaded(parseSkillFile(md('name: 42\ndescription: d'), '/s/42/SKILL.md')).fields.name).toBe('42');
  });

  it('compares a numeric or boolean name by its source text: `name: 0123` is "0123", not 123', () => {
    expect(loaded(parseSkillFile(md('name: 0123\ndescription: d'), '/s/0123/SKILL.md')).fields.name).toBe('0123');
    expect(loaded(parseSkillFile(md('name: 1e3\ndescription: d'), '/s/1e3/SKILL.md')).fields.name).toBe('1e3');
    expect(loaded(parseSkillFile(md('name: null\ndescription: d'), '/s/null/SKILL.md')).fields.name).toBe('null');
    expect(loaded(parseSkillFile(md('name: true\ndescription: d'), '/s/true/SKILL.md')).fields.name).toBe('true');
    expect(problemAt(parseSkillFile(md('name: ~\ndescription: d'), '/s/null/SKILL.md'))).toContain(
      '`name` is "~" but the folder is "null"',
    );
    const off = problemAt(parseSkillFile(md('name: 0123\ndescription: d'), '/s/123/SKILL.md'));
    expect(off).toContain('`name` is "0123" but the folder is "123"');
    expect(off).toContain('set `name: 123` (or rename the folder to "0123")');
  });

  it('a name that disagrees with its folder is skipped with a message naming lint --fix', () => {
    expect(problemAt(parseSkillFile(md('name: Deploy Tool\ndescription: d'), '/s/deploy/SKILL.md'))).toBe(
      '`name` is "Deploy Tool" but the folder is "deploy": the folder name is the skill\'s name; set `name: deploy`, or run `harness skills lint --fix /s/deploy` to rewrite that line',
    );
  });

  it('a description that is not a string loads as its text with a note the reference validator refuses it', () => {
    const r = loaded(parseSkillFile(md('name: my-skill\ndescription: 42'), FILE));
    expect(r.fields.description).toBe('42');
    expect(r.notes).toEqual([
      {
        path: FILE,
        message:
          '`description` is the number 42, not a string (the reference validator and claude.ai refuse it), read as the text "42"; quote it: `description: "..."`',
        rejected: true,
      },
    ]);
  });
});

describe('suggestSlug', () => {
  it('turns names into valid slugs', () => {
    expect(suggestSlug('Customer.io Automation')).toBe('customer-io-automation');
    expect(suggestSlug('-leading_under')).toBe('leading-under');
    expect(suggestSlug('___')).toBe('my-skill');
  });
});
