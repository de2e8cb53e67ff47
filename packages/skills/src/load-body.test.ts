import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBody } from './load-body.js';
import { useTempDirs, writeSkill } from './temp-tree.test-helper.js';

const temp = useTempDirs();

describe('loadBody', () => {
  it('returns the body without frontmatter, read fresh each time', async () => {
    const dir = writeSkill(temp('skills-body-'), 'fresh', 'name: fresh\ndescription: d', '# Step 1\r\nDo it.\r\n');
    const file = path.join(dir, 'SKILL.md');
    expect(await loadBody({ file })).toEqual({ ok: true, body: '# Step 1\nDo it.\n' });
    fs.writeFileSync(file, '---\nname: fresh\ndescription: d\n---\n# Step 2\n');
    expect(await loadBody({ file })).toEqual({ ok: true, body: '# Step 2\n' });
  });

  it('refuses a SKILL.md swapped for a FIFO without blocking on it', async () => {
    const dir = writeSkill(temp('skills-body-'), 'piped', 'name: piped\ndescription: d');
    const file = path.join(dir, 'SKILL.md');
    fs.rmSync(file);
    execFileSync('mkfifo', [file]);
    expect(await loadBody({ file })).toEqual({
      ok: false,
      error: `${file}: the skill file is no longer a regular file`,
    });
  });

  it('is an error naming the path when the file vanished', async () => {
    const file = path.join(temp('skills-body-'), 'gone', 'SKILL.md');
    const r = await loadBody({ file });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(file);
  });

  it('is an error naming the path when the frontmatter no longer parses', async () => {
    const dir = writeSkill(temp('skills-body-'), 'broken', 'name: broken\ndescription: d');
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, '---\nname: [broken\n');
    const r = await loadBody({ file });
    expect(r).toEqual({ ok: false, error: expect.stringContaining(file) });
  });
});
