import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without types
import { bundledPackages, writeThirdPartyNotices } from '../../../scripts/third-party-notices.mjs';
import { repoRoot } from './workspaces.js';

interface Listed {
  name: string;
  version: string;
  license: string;
  files: { name: string; text: string }[];
}
const listed = bundledPackages as (metafiles: Metafile[], absWorkingDir: string) => Listed[];

/** Bundles `code` as esbuild would for a bin, resolving bare imports from `resolveDir`. */
async function metafileOf(code: string, resolveDir: string, absWorkingDir: string): Promise<Metafile> {
  const result = await build({
    stdin: { contents: code, resolveDir, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    absWorkingDir,
    logLevel: 'silent',
    outfile: path.join(absWorkingDir, 'out.cjs'),
  });
  return result.metafile;
}

const manifestDeps = (dir: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    }
  ).dependencies;

describe('third-party notices for a bundle', () => {
  const temps: string[] = [];
  afterEach(() => {
    for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
  });

  it('lists each inlined package once with its licence text, and none of our own code', async () => {
    const tools = path.join(repoRoot, 'packages/tools');
    const meta = await metafileOf(
      "import pm from 'picomatch'; import ignore from 'ignore'; import * as z from 'zod/mini'; import { discover } from '@coding-harness/skills'; console.log(pm, ignore, z, discover);",
      tools,
      repoRoot,
    );
    const packages = listed([meta], repoRoot);
    expect(packages.map((p) => p.name)).toEqual(['ignore', 'picomatch', 'yaml', 'zod']);
    // The versions are the exact pins of the packages that import them.
    const pins = { ...manifestDeps('packages/tools'), ...manifestDeps('packages/skills') };
    for (const p of packages) {
      expect(p.version).toBe(pins[p.name]);
      expect(p.license).toMatch(/^(MIT|ISC)$/);
      expect(p.files.map((f) => f.text).join('\n')).toMatch(/copyright/i);
    }
  });

  it('writes one section per package under a header naming the bundles', async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'notices-'));
    temps.push(out);
    const meta = await metafileOf(
      "import pm from 'picomatch'; console.log(pm);",
      path.join(repoRoot, 'packages/tools'),
      repoRoot,
    );
    const file = path.join(out, 'THIRD_PARTY_NOTICES.md');
    (writeThirdPartyNotices as (o: object) => unknown)({
      metafiles: [meta],
      absWorkingDir: repoRoot,
      outFile: file,
      covers: ['out.cjs'],
    });
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Third-party notices\n\nout\.cjs includes code/);
    expect(text).toMatch(/## picomatch@\d+\.\d+\.\d+ \(MIT\)/);
    expect(text).toContain('Permission is hereby granted');
  });

  it('refuses a bundled package that ships no licence file, naming its folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'notices-'));
    temps.push(dir);
    const pkg = path.join(dir, 'node_modules/unlicensed');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), '{"name":"unlicensed","version":"1.0.0","main":"index.js"}');
    writeFileSync(path.join(pkg, 'index.js'), 'module.exports = 42;');
    const meta = await metafileOf("console.log(require('unlicensed'));", dir, dir);
    expect(() => listed([meta], dir)).toThrow(`${pkg}: bundled, but has no LICENSE`);
  });
});
