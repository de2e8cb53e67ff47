import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseFrontmatterYaml, quoteColonValues, splitFrontmatter } from './frontmatter.js';

describe('splitFrontmatter', () => {
  it('cuts a plain file into YAML and body', () => {
    expect(splitFrontmatter('---\nname: a\n---\n# Body\n')).toEqual({
      ok: true,
      yaml: 'name: a\n',
      body: '# Body\n',
      yamlLine: 2,
    });
  });

  it('tolerates a BOM, CRLF and trailing blanks after both fences', () => {
    const r = splitFrontmatter('\uFEFF---  \r\nname: a\r\n--- \t\r\nline 1\r\nline 2\r\n');
    expect(r).toEqual({ ok: true, yaml: 'name: a\n', body: 'line 1\nline 2\n', yamlLine: 2 });
  });

  it('accepts a closing fence at end of file without newline, giving an empty body', () => {
    expect(splitFrontmatter('---\nname: a\n---')).toMatchObject({ ok: true, yaml: 'name: a\n', body: '' });
  });

  it('reports a missing frontmatter block and one never closed', () => {
    const none = splitFrontmatter('# Just markdown\n');
    const open = splitFrontmatter('---\nname: a\ndescription: b\n');
    expect(none.ok).toBe(false);
    expect(open.ok).toBe(false);
    if (!none.ok) expect(none.message).toMatch(/no frontmatter/);
    if (!open.ok) expect(open.message).toMatch(/never closed/);
  });
});

describe('parseFrontmatterYaml', () => {
  it('gives the file line of a YAML error', () => {
    const r = parseFrontmatterYaml('name: a\nkey: @reserved\n', 2);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/line 3: /);
  });

  it('re-reads a plain value holding ": " as quoted text and says which line', () => {
    const r = parseFrontmatterYaml('name: deploy\ndescription: Use when: deploying to prod\n', 2);
    expect(r).toMatchObject({
      ok: true,
      data: { name: 'deploy', description: 'Use when: deploying to prod' },
      recovered: [3],
    });
  });

  it('joins indented continuation lines of a recovered value', () => {
    const r = parseFrontmatterYaml('description: Use when: deploying\n  to production\nname: x\n', 2);
    expect(r).toMatchObject({ ok: true, data: { description: 'Use when: deploying to production', name: 'x' } });
  });

  it('re-reads a flow list followed by more text (`argument-hint: [a] [b]`) as quoted text', () => {
    const r = parseFrontmatterYaml('name: bug-report\nargument-hint: [issue-number] [--verbose]\ndescription: x\n', 2);
    expect(r).toMatchObject({
      ok: true,
      data: { name: 'bug-report', 'argument-hint': '[issue-number] [--verbose]', description: 'x' },
      recovered: [3],
    });
    const tail = parseFrontmatterYaml('argument-hint: [file] extra # note\nname: a\n', 2);
    expect(tail).toMatchObject({ ok: true, data: { 'argument-hint': '[file] extra', name: 'a' }, recovered: [2] });
  });

  it('gives the source line of each recovered value, after joined continuation lines', () => {
    const r = parseFrontmatterYaml('description: Use when: a\n  b\n  c\nargument-hint: [x] [y]\nname: n\n', 2);
    expect(r).toMatchObject({
      ok: true,
      data: { description: 'Use when: a b c', 'argument-hint': '[x] [y]' },
      recovered: [2, 5],
    });
  });

  it('does not recover YAML broken in other ways', () => {
    expect(parseFrontmatterYaml('name: a\n  bad: indent: here\n- x\n', 2).ok).toBe(false);
  });

  it('gives the source text of a value YAML read as a list', () => {
    const r = parseFrontmatterYaml('argument-hint: [file]\nname: a\n', 2);
    expect(r.ok && r.sourceOf('argument-hint')).toBe('[file]');
  });

  it('uses the core schema: yes/on stay text, true is a boolean', () => {
    const r = parseFrontmatterYaml('a: yes\nb: on\nc: true\nd: 012\n', 2);
    expect(r.ok && r.data).toEqual(YAML.parse('a: yes\nb: on\nc: true\nd: 012\n', { schema: 'core' }));
    expect(r.ok && r.data).toMatchObject({ a: 'yes', b: 'on', c: true });
  });
});

describe('quoteColonValues', () => {
  it('leaves quoted, block and flow values alone', () => {
    expect(quoteColonValues('a: "x: y"\nb: |\n  x: y\nc: {x: y}\n')).toBeUndefined();
    expect(quoteColonValues('tags: [a, b] # note\nd: [unclosed\n')).toBeUndefined();
  });

  it('drops a trailing comment from a recovered value', () => {
    expect(quoteColonValues('description: a: b # note\n')?.src).toBe('description: "a: b"\n');
  });
});
