import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolRegistry } from './registry.js';

let root: string;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'registry-')));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('tool registry', () => {
  it('keeps a stable order and byte-identical definitions across calls and registries', () => {
    const a = createToolRegistry({ rgPath: null });
    const b = createToolRegistry({ rgPath: null });
    expect(a.tools.map((t) => t.name)).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'write_file', 'bash']);
    const first = JSON.stringify(a.definitions());
    expect(JSON.stringify(a.definitions())).toBe(first);
    expect(JSON.stringify(b.definitions())).toBe(first);
    expect(first).not.toContain('$schema');
    for (const d of a.definitions()) expect(d.input_schema.type).toBe('object');
  });

  it('returns an error result, never throws, for unknown tools and bad input, naming the field', () => {
    const reg = createToolRegistry({ rgPath: null });
    const unknown = reg.prepare('rm_rf', {}, { root });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.result.content).toContain('read_file, glob');
    const bad = reg.prepare('read_file', { path: 42 }, { root });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.result.isError).toBe(true);
      expect(bad.result.content).toContain('path');
    }
    const notObject = reg.prepare('bash', 'ls', { root });
    expect(notObject.ok).toBe(false);
    const badEnum = reg.prepare('grep', { pattern: 'x', output: 'lines' }, { root });
    expect(!badEnum.ok && badEnum.result.content).toContain('output');
  });

  it('prepares a valid call with a summary and a permission target', () => {
    const reg = createToolRegistry({ rgPath: null });
    const p = reg.prepare('edit_file', { path: 'src/a.ts', old_string: 'a', new_string: 'b' }, { root });
    expect(p.ok && { summary: p.summary, permission: p.permission }).toEqual({ summary: 'edit_file src/a.ts', permission: { target: 'src/a.ts', insideRoot: true } });
    const out = reg.prepare('write_file', { path: '/etc/x', content: '' }, { root });
    expect(out.ok && out.permission).toEqual({ target: '/etc/x', insideRoot: false });
    const sh = reg.prepare('bash', { command: 'git status' }, { root });
    expect(sh.ok && sh.permission).toEqual({ target: 'git status' });
    expect(sh.ok && sh.tool.kind).toBe('exec');
  });
});
