import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillFile } from './read-skill-file.js';
import type { ParsedSkillFile } from './validate.js';
import { timed, useFifos } from './fifo.test-helper.js';
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
    const { value, ms } = await timed(() => readSkillFile(file));
    expect(problem(value)).toMatch(/SKILL\.md is a FIFO, socket or device, not a regular file/);
    expect(ms).toBeLessThan(1_000);
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
