import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { useTempDirs } from './temp-tree.test-helper.js';

const temp = useTempDirs();

/** Bytes that are often almost a SKILL.md, so both outcomes are exercised. */
const skillBytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(
      fc.constantFrom('', '\uFEFF'),
      fc.string({ maxLength: 40 }),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('\n', '\r\n'),
      fc.string({ maxLength: 40 }),
    )
    .map(([bom, name, desc, nl, body]) =>
      new TextEncoder().encode(`${bom}---${nl}name: ${name}${nl}description: ${desc}${nl}---${nl}${body}`),
    ),
  fc.constant(new TextEncoder().encode('---\nname: prop-skill\ndescription: fine\n---\n')),
);

describe('discover (properties)', () => {
  it('arbitrary bytes as SKILL.md never throw and give exactly one skill or one problem naming the path', async () => {
    await fc.assert(
      fc.asyncProperty(skillBytes, async (bytes) => {
        const base = temp('skills-prop-bytes-');
        const root = path.join(base, 'skills');
        const file = path.join(root, 'prop-skill', 'SKILL.md');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bytes);
        const r = await discover({ home: path.join(base, 'home'), workroot: base, explicit: [root] });
        expect(r.skills.length + r.problems.length).toBe(1);
        if (r.problems[0]) expect(r.problems[0].path).toBe(file);
        if (r.skills[0]) expect(r.skills[0].file).toBe(file);
        for (const n of r.notes) expect(n.path).toBe(file);
        fs.rmSync(base, { recursive: true, force: true });
      }),
      { numRuns: 150 },
    );
  });

  it('arbitrary small trees with links never hang or throw, and every reported path is inside the tree', async () => {
    const names = ['a', 'b', 'c', 'd-e'];
    const node = fc.record({
      at: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
      kind: fc.constantFrom('dir', 'skill', 'link', 'file'),
      target: fc.array(fc.constantFrom(...names, '..', '.'), { minLength: 0, maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(node, { maxLength: 12 }), async (nodes) => {
        const base = temp('skills-prop-tree-');
        const root = path.join(base, 'home', '.agents', 'skills');
        fs.mkdirSync(root, { recursive: true });
        for (const n of nodes) {
          const at = path.join(root, ...n.at);
          try {
            fs.mkdirSync(path.dirname(at), { recursive: true });
            if (n.kind === 'dir') fs.mkdirSync(at, { recursive: true });
            else if (n.kind === 'file') fs.writeFileSync(at, 'x');
            else if (n.kind === 'skill') {
              fs.mkdirSync(at, { recursive: true });
              fs.writeFileSync(path.join(at, 'SKILL.md'), `---\nname: ${path.basename(at)}\ndescription: d\n---\n`);
            } else fs.symlinkSync(path.join(root, ...n.target), at);
          } catch {
            // Collisions between generated nodes are fine: the tree is whatever got built.
          }
        }
        const r = await discover({ home: path.join(base, 'home'), workroot: base, explicit: [root] });
        for (const issue of [...r.problems, ...r.notes]) expect(issue.path.startsWith(base)).toBe(true);
        expect(new Set(r.skills.map((s) => s.name)).size).toBe(r.skills.length);
        fs.rmSync(base, { recursive: true, force: true });
      }),
      { numRuns: 100 },
    );
  });
});
