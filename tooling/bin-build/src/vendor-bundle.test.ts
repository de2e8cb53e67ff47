/**
 * A vendor bundle (vendor-bundle.mjs) built from fixture packages: its launcher exports the
 * packages by name, runs them through a code cache written once into the user's cache folder
 * and reused, and its bundle holds the packages (nothing is read from node_modules at run time).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVendorBundle } from './vendor-bundle.mjs';

const root = mkdtempSync(join(tmpdir(), 'bin-build-vendor-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fixturePackage(name: string, source: string, type: 'module' | 'commonjs'): void {
  const dir = join(root, 'src', 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', type, main: 'index.js' }));
  writeFileSync(join(dir, 'index.js'), source);
}

describe('a vendor bundle', () => {
  it('exports the packages by name through a code cache written once and reused', async () => {
    fixturePackage('shout', 'export function shout(s) { return `${s.toUpperCase()}!`; }\n', 'module');
    fixturePackage('twice', 'module.exports = { twice: (s) => s + s };\n', 'commonjs');
    const outDir = join(root, 'install', 'dist', 'bin');
    mkdirSync(outDir, { recursive: true });
    const built = await buildVendorBundle({
      outDir,
      name: 'demo-vendor',
      modules: ['shout', 'twice'],
      resolveDir: join(root, 'src'),
    });
    expect(readdirSync(outDir).sort()).toEqual(['demo-vendor-bundle.cjs', 'demo-vendor.cjs']);
    // The packages are gone from disk: the bundle must hold them.
    rmSync(join(root, 'src'), { recursive: true, force: true });
    const cache = join(root, 'cache');
    const use = (): string => {
      const res = spawnSync(
        process.execPath,
        [
          '-e',
          `const v = require(${JSON.stringify(built.launcher)}); process.stdout.write(v.shout.shout(v.twice.twice('ab')));`,
        ],
        { env: { PATH: process.env.PATH ?? '', HOME: join(root, 'home'), XDG_CACHE_HOME: cache }, encoding: 'utf8' },
      );
      expect(res.stderr).toBe('');
      return res.stdout;
    };
    expect(use()).toBe('ABAB!');
    const written = readdirSync(join(cache, 'coding-harness'));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^demo-vendor-bundle\.[0-9a-f]{16}\.default\..+\.cache$/);
    const first = statSync(join(cache, 'coding-harness', written[0]!)).mtimeMs;
    expect(use()).toBe('ABAB!');
    expect(statSync(join(cache, 'coding-harness', written[0]!)).mtimeMs).toBe(first);
  });
});
