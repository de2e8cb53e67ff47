import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { isWithin, resolveInJail } from './jail.js';

let tmp: string;
let root: string;
let skillDir: string;
let outside: string;

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'jail-')));
  root = path.join(tmp, 'root');
  skillDir = path.join(tmp, 'skills', 'demo');
  outside = path.join(tmp, 'outside');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(skillDir, { recursive: true });
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'a');
  fs.writeFileSync(path.join(skillDir, 'ref.md'), 'ref');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('resolveInJail', () => {
  it('resolves relative paths against the root', () => {
    expect(resolveInJail(root, [], 'src/a.ts', 'read')).toEqual({
      ok: true,
      abs: path.join(root, 'src', 'a.ts'),
      insideRoot: true,
    });
  });

  it('accepts a file that does not exist yet under an existing ancestor', () => {
    expect(resolveInJail(root, [], 'new/dir/file.ts', 'write')).toEqual({
      ok: true,
      abs: path.join(root, 'new', 'dir', 'file.ts'),
      insideRoot: true,
    });
  });

  it('refuses .. escapes and names the path and the root', () => {
    const r = resolveInJail(root, [], '../outside/secret.txt', 'read');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toContain('../outside/secret.txt');
      expect(r.error).toContain(root);
    }
  });

  it('refuses absolute paths outside the root', () => {
    expect(resolveInJail(root, [], path.join(outside, 'secret.txt'), 'read').ok).toBe(false);
  });

  it('refuses a symlink inside the root that points out of it', () => {
    fs.symlinkSync(outside, path.join(root, 'out'));
    expect(resolveInJail(root, [], 'out/secret.txt', 'read').ok).toBe(false);
    expect(resolveInJail(root, [], 'out/new.txt', 'write').ok).toBe(false);
  });

  it('refuses a dangling symlink, which a write would follow out', () => {
    fs.symlinkSync(path.join(outside, 'missing.txt'), path.join(root, 'dangling'));
    const r = resolveInJail(root, [], 'dangling', 'write');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('does not exist');
  });

  it('refuses symlink loops', () => {
    fs.symlinkSync(path.join(root, 'loop2'), path.join(root, 'loop1'));
    fs.symlinkSync(path.join(root, 'loop1'), path.join(root, 'loop2'));
    const r = resolveInJail(root, [], 'loop1/x', 'read');
    expect(r.ok).toBe(false);
  });

  it('lets reads into an extra root (a skill directory), but never writes', () => {
    const file = path.join(skillDir, 'ref.md');
    expect(resolveInJail(root, [skillDir], file, 'read')).toEqual({ ok: true, abs: file, insideRoot: false });
    const w = resolveInJail(root, [skillDir], file, 'write');
    expect(w.ok).toBe(false);
  });

  it('refuses a symlink inside a skill directory that points out of it', () => {
    fs.symlinkSync(outside, path.join(skillDir, 'escape'));
    expect(resolveInJail(root, [skillDir], path.join(skillDir, 'escape', 'secret.txt'), 'read').ok).toBe(false);
  });

  it('trusts the roots as given: a root that is still a symlink refuses everything, and createToolContext realpaths it', () => {
    const alias = path.join(tmp, 'alias');
    fs.symlinkSync(root, alias);
    expect(resolveInJail(alias, [], 'src/a.ts', 'read').ok).toBe(false);
    expect(resolveInJail(alias, [], 'new.txt', 'write').ok).toBe(false);
    const ctx = createToolContext({ root: alias, skills: [] });
    expect(ctx.root).toBe(root);
    expect(resolveInJail(ctx.root, ctx.extraReadRoots, 'src/a.ts', 'read')).toEqual({
      ok: true,
      abs: path.join(root, 'src', 'a.ts'),
      insideRoot: true,
    });
  });

  it('refuses the empty path and NUL bytes', () => {
    expect(resolveInJail(root, [], '', 'read').ok).toBe(false);
    expect(resolveInJail(root, [], 'a\0b', 'read').ok).toBe(false);
  });
});

/** A random tree of folders, files and links (in, out, loops, dangling) under root and outside. */
const treeArb = fc.array(
  fc.record({
    kind: fc.constantFrom(
      'dir',
      'file',
      'link-in',
      'link-out',
      'link-up',
      'link-loop',
      'link-dangling',
      'link-skill-out',
    ),
    where: fc.constantFrom('root', 'root/a', 'root/a/b', 'skill', 'skill/s', 'outside'),
    name: fc.constantFrom('a', 'b', 'c', 'x', 'l1', 'l2', 'é', 'd d'),
  }),
  { maxLength: 25 },
);

const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    'a',
    'b',
    'c',
    'x',
    'l1',
    'l2',
    'é',
    'd d',
    'new',
    'outside',
    'skills',
    'demo',
    'root',
    '...',
    '🙂',
  ),
  fc.string({ maxLength: 3 }).filter((s) => !s.includes('/') && !s.includes('\0')),
);
const pathArb = fc.tuple(
  fc.constantFrom('', '/', 'ROOT', 'SKILL', 'TMP'),
  fc.array(segment, { maxLength: 6 }),
  fc.boolean(),
);

function build(tree: Array<{ kind: string; where: string; name: string }>): void {
  const dirs: Record<string, string> = {
    root,
    'root/a': path.join(root, 'a'),
    'root/a/b': path.join(root, 'a', 'b'),
    skill: skillDir,
    'skill/s': path.join(skillDir, 's'),
    outside,
  };
  for (const item of tree) {
    const dir = dirs[item.where] ?? root;
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch {
      continue;
    }
    const p = path.join(dir, item.name);
    if (fs.existsSync(p) || isSymlink(p)) continue;
    const targets: Record<string, string> = {
      'link-in': path.join(root, 'src'),
      'link-out': outside,
      'link-up': '..',
      'link-loop': p,
      'link-dangling': path.join(outside, 'nope', 'nothing'),
      'link-skill-out': path.join(outside, 'secret.txt'),
    };
    if (item.kind === 'dir') fs.mkdirSync(p);
    else if (item.kind === 'file') fs.writeFileSync(p, 'x');
    else fs.symlinkSync(targets[item.kind] ?? outside, p);
  }
}

function isSymlink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Where an access through `abs` would really land: realpath of the deepest existing part. */
function landing(abs: string): string {
  let cur = abs;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync(cur), ...rest.reverse());
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return abs;
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
}

describe('jail properties', () => {
  it('no read lands outside root ∪ skill dirs, no write outside root, over random trees and paths', () => {
    fc.assert(
      fc.property(treeArb, pathArb, (tree, [prefix, segs, trailing]) => {
        fs.rmSync(tmp, { recursive: true, force: true });
        fs.mkdirSync(path.join(root, 'src'), { recursive: true });
        fs.mkdirSync(skillDir, { recursive: true });
        fs.mkdirSync(outside, { recursive: true });
        fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
        build(tree);
        const base = { '': '', '/': '/', ROOT: root + '/', SKILL: skillDir + '/', TMP: tmp + '/' }[prefix] ?? '';
        const p = base + segs.join('/') + (trailing ? '/' : '');
        for (const access of ['read', 'write'] as const) {
          const r = resolveInJail(root, [skillDir], p, access);
          if (!r.ok) {
            expect(r.error.length).toBeGreaterThan(0);
            continue;
          }
          const real = landing(r.abs);
          const allowed = access === 'read' ? isWithin(real, root) || isWithin(real, skillDir) : isWithin(real, root);
          expect(allowed, `${access} ${JSON.stringify(p)} -> ${r.abs} lands on ${real}`).toBe(true);
          expect(r.insideRoot).toBe(isWithin(real, root));
          if (access === 'write' && !fs.existsSync(r.abs)) {
            let wrote: boolean;
            try {
              fs.mkdirSync(path.dirname(r.abs), { recursive: true });
              fs.writeFileSync(r.abs, 'w');
              wrote = true;
            } catch {
              wrote = false;
            }
            if (wrote) {
              expect(isWithin(fs.realpathSync(r.abs), root)).toBe(true);
              expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
              fs.rmSync(r.abs);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
