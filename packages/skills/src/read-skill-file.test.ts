import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillFile, readSkillFileOrCode } from './read-skill-file.js';
import type { ParsedSkillFile } from './validate.js';
import { useFifos } from './fifo.test-helper.js';
import { put, useTempDirs } from './temp-tree.test-helper.js';

const temp = useTempDirs();

function problem(r: ParsedSkillFile): string {
  return r.ok ? '' : r.problem.message;
}

describe('readSkillFile', () => {
  it('reads files on both sides of the one-read size (64 KiB) the same way', () => {
    const base = temp();
    for (const size of [0, 100, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 300 * 1024]) {
      const file = path.join(base, `s-${size}`, 'SKILL.md');
      const head = `---\nname: s-${size}\ndescription: "é ok"\n---\n`;
      put(file, head + 'é'.repeat(Math.max(0, size - Buffer.byteLength(head)) >> 1));
      const r = readSkillFile(file);
      expect(r.ok && r.fields.description).toBe('é ok');
      expect(r.ok && r.body).toBe(fs.readFileSync(file, 'utf8').slice(head.length));
    }
  });

  it('refuses over 1 MiB with the byte count, invalid UTF-8 at any size, and what cannot be read', () => {
    const base = temp();
    const huge = path.join(base, 'huge', 'SKILL.md');
    put(huge, `---\nname: huge\ndescription: d\n---\n${'x'.repeat(1024 * 1024)}`);
    expect(problem(readSkillFile(huge))).toMatch(new RegExp(`${fs.statSync(huge).size} bytes, over the 1 MiB limit`));
    for (const pad of [0, 70 * 1024]) {
      const bad = path.join(base, `bad-${pad}`, 'SKILL.md');
      put(
        bad,
        new Uint8Array([...Buffer.from(`---\nname: bad-${pad}\ndescription: d\n---\n${'x'.repeat(pad)}`), 0xc3, 0x28]),
      );
      expect(problem(readSkillFile(bad))).toMatch(/not valid UTF-8/);
    }
    fs.mkdirSync(path.join(base, 'dir', 'SKILL.md'), { recursive: true });
    expect(problem(readSkillFile(path.join(base, 'dir', 'SKILL.md')))).toMatch(/cannot be read \(EISDIR\)/);
    expect(problem(readSkillFile(path.join(base, 'missing', 'SKILL.md')))).toMatch(/cannot be read \(ENOENT\)/);
  });
});

describe('readSkillFile on what is not a regular file', () => {
  const fifo = useFifos();

  it('refuses a SKILL.md that is a FIFO at once, without blocking on it', async () => {
    const file = path.join(temp(), 'piped', 'SKILL.md');
    fs.mkdirSync(path.dirname(file));
    fifo(file);
    const value = await readSkillFile(file);
    expect(problem(value)).toMatch(/SKILL\.md is a FIFO, socket or device, not a regular file/);
    expect(fifo.rescued()).toEqual([]);
  });

  it('refuses a SKILL.md linked to a device that never ends, and reads an empty file as empty', () => {
    const base = temp();
    const linked = path.join(base, 'zero', 'SKILL.md');
    fs.mkdirSync(path.dirname(linked));
    fs.symlinkSync('/dev/zero', linked);
    expect(problem(readSkillFile(linked))).toMatch(/not a regular file/);
    const nul = path.join(base, 'nul', 'SKILL.md');
    fs.mkdirSync(path.dirname(nul));
    fs.symlinkSync('/dev/null', nul);
    expect(problem(readSkillFile(nul))).toMatch(/not a regular file/);
    const empty = path.join(base, 'empty', 'SKILL.md');
    put(empty, '');
    expect(problem(readSkillFile(empty))).toMatch(/no frontmatter/);
  });
});

describe('readSkillFileOrCode(file, true): what discovery reads', () => {
  /** Each text for a skill folder named `s` (so the fields load and are compared too). */
  const cases: Record<string, string | Uint8Array> = {
    plain: '---\nname: s\ndescription: d\n---\n# Body\n',
    'no body': '---\nname: s\ndescription: d\n---',
    'fence with blanks': '---\nname: s\ndescription: d\n---  \t\nbody\n',
    'dashes that are not a fence': '---\nname: s\ndescription: |\n  a\n---x\n  b\n----\n---\nbody\n',
    'empty frontmatter': '---\n---\nbody\n',
    'no frontmatter': '# Just text\n---\n',
    'never closed': '---\nname: s\ndescription: d\n',
    crlf: '---\r\nname: s\r\ndescription: d\r\n---\r\nbody\r\n',
    bom: '\uFEFF---\nname: s\ndescription: "é"\n---\nbody é\n',
    'body of 499 lines': `---\nname: s\ndescription: d\n---\n${'line\n'.repeat(499)}`,
    'body of 500 lines': `---\nname: s\ndescription: d\n---\n${'line\n'.repeat(500)}`,
    'body of 501 lines': `---\nname: s\ndescription: d\n---\n${'line\n'.repeat(501)}`,
    'body of 501 lines, no final line end': `---\nname: s\ndescription: d\n---\n${'line\n'.repeat(500)}last`,
    'invalid UTF-8 in the body': new Uint8Array([...Buffer.from('---\nname: s\ndescription: d\n---\nok '), 0xc3, 0x28]),
  };

  it('gives the fields, notes and problems a whole read gives, for every shape of file', () => {
    const base = temp();
    const loaded: string[] = [];
    for (const [label, text] of Object.entries(cases)) {
      const file = path.join(base, label.replace(/[^a-z0-9]+/g, '-'), 's', 'SKILL.md');
      put(file, text);
      const head = readSkillFileOrCode(file, true);
      const whole = readSkillFile(file);
      const strip = (r: ParsedSkillFile | string) =>
        typeof r === 'string' || !r.ok ? r : { fields: r.fields, notes: r.notes };
      expect(typeof head === 'string' || head.ok ? 'same' : head.problem.message, label).toBe(
        whole.ok ? 'same' : whole.problem.message,
      );
      expect(strip(head), label).toEqual(strip(whole));
      if (whole.ok) loaded.push(label);
      // Only the frontmatter was decoded where that is enough: the body is not in the result.
      if (label === 'plain') expect(typeof head !== 'string' && head.ok && head.body).toBe('');
    }
    expect(loaded).toEqual(expect.arrayContaining(['plain', 'crlf', 'bom', 'body of 501 lines']));
    expect(loaded).toHaveLength(9);
  });

  it('notes a body over 500 lines, as a whole read does', () => {
    const file = path.join(temp(), 'long', 'SKILL.md');
    put(file, `---\nname: long\ndescription: d\n---\n${'line\n'.repeat(501)}`);
    const head = readSkillFileOrCode(file, true);
    expect(typeof head !== 'string' && head.ok && head.notes.map((n) => n.message)).toEqual([
      'the body is 501 lines; the Agent Skills specification advises at most 500: move detail into references/ files',
    ]);
  });
});
