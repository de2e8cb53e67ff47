import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHarnessArgs } from './args.js';
import { discoverFor } from './build.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function skill(dir: string, name: string): void {
  mkdirSync(join(dir, '.agents', 'skills', name), { recursive: true });
  writeFileSync(join(dir, '.agents', 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: d\n---\nbody\n`);
}

describe("the session's skill discovery matches .gitignore lines in linear time", () => {
  it('applies a many-wildcard line to a long folder name at once, where a backtracking matcher would stall', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'discover-ignore-')));
    dirs.push(root);
    const work = join(root, 'work');
    mkdirSync(join(work, '.git'), { recursive: true });
    const long = `${'a'.repeat(200)}c`;
    skill(join(work, long), 'stalled');
    skill(join(work, 'pkg-1-2-3-4-5-6-7-8-9-10-11-x'), 'ignored');
    skill(join(work, 'packages', 'kept'), 'kept');
    writeFileSync(join(work, '.gitignore'), `*a*a*a*a*a*a*a*a*a*a*a*a*c\n*-*-*-*-*-*-*-*-*-*-*-x\n`);
    const parsed = parseHarnessArgs(['-C', work]);
    if (!parsed.ok) throw new Error(parsed.message);
    const found = await discoverFor(parsed.flags, work, join(root, 'home'), root);
    expect(found.skills.map((s) => s.name)).toEqual(['kept']);
  });
});
