/**
 * The REPL's markdown renderer as the bin ships it (build.mjs: a vendor bundle beside the bin's
 * bundle, run through its own code cache): it renders, and it reads nothing from node_modules.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const vendor = fileURLToPath(new URL('../../dist/bin/harness-markdown.cjs', import.meta.url));
const cache = mkdtempSync(join(tmpdir(), 'harness-md-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('the markdown vendor bundle (dist/bin/harness-markdown.cjs)', () => {
  it('renders with marked-terminal from the bundle alone, code-cached in the user cache folder', () => {
    const script = [
      `const v = require(${JSON.stringify(vendor)});`,
      "const md = new v.marked.Marked(v['marked-terminal'].markedTerminal({ width: 60 }));",
      "const out = md.parse('# Title\\n\\n- one\\n- two\\n', { async: false });",
      'const fromPackages = Object.keys(require.cache).filter((k) => /node_modules[\\\\/]marked/.test(k));',
      'process.stdout.write(JSON.stringify({ out, fromPackages }));',
    ].join('\n');
    const res = spawnSync(process.execPath, ['-e', script], {
      env: { PATH: process.env.PATH ?? '', HOME: cache, XDG_CACHE_HOME: cache, FORCE_COLOR: '0' },
      encoding: 'utf8',
    });
    expect(res.stderr).toBe('');
    const { out, fromPackages } = JSON.parse(res.stdout) as { out: string; fromPackages: string[] };
    expect(out).toContain('Title');
    expect(out).toMatch(/\* one|• one|one/);
    expect(fromPackages).toEqual([]);
    expect(readdirSync(join(cache, 'coding-harness')).some((f) => f.startsWith('harness-markdown-bundle.'))).toBe(true);
  });
});
