import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillFile } from './read-skill-file.js';
import type { ParsedSkillFile } from './validate.js';
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
