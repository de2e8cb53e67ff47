/**
 * The stamp a bin bundle carries (what it was built from, by content) and the check the test
 * suites run before spawning the bin: current when every input has the bytes it had, stale
 * (naming the file and the command) when one changed or is gone, and a file merely touched, as a
 * checkout back and forth does, is still current.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleInputs, repoRoot, staleBuild, stampFileOf, writeStamp } from './stamp.mjs';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bin-build-stamp-'));
  temps.push(dir);
  return dir;
}

describe('bundleInputs', () => {
  it("lists a workspace package's sources (not its tests) for its dist, this package's own files, no third-party code", async () => {
    const dir = temp();
    const result = await build({
      stdin: {
        contents: "import { discover } from '@coding-harness/skills'; console.log(discover);",
        resolveDir: join(repoRoot, 'packages/tools'),
      },
      bundle: true,
      platform: 'node',
      write: false,
      metafile: true,
      absWorkingDir: dir,
      logLevel: 'silent',
    });
    const inputs = bundleInputs(result.metafile, dir, [join(dir, 'build.mjs')]).map((f: string) =>
      relative(repoRoot, f),
    );
    expect(inputs).toContain('packages/skills/dist/index.js');
    expect(inputs).toContain('packages/skills/src/discover.ts');
    expect(inputs).toContain('tooling/bin-build/src/launcher.mjs');
    expect(inputs).toContain(relative(repoRoot, join(dir, 'build.mjs')));
    expect(inputs.filter((f: string) => /node_modules|\.test[.-]|test-helper/.test(f))).toEqual([]);
  });
});

describe('staleBuild', () => {
  function built(): { bundle: string; launcher: string; source: string } {
    const dir = temp();
    const source = join(dir, 'src', 'entry.ts');
    mkdirSync(join(dir, 'src'));
    writeFileSync(source, 'export const a = 1;\n');
    const bundle = join(dir, 'dist', 'demo-bundle.cjs');
    const launcher = join(dir, 'dist', 'demo.cjs');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(bundle, '"use strict";\n');
    writeFileSync(launcher, '#!/usr/bin/env node\n');
    writeStamp(bundle, [source]);
    return { bundle, launcher, source };
  }

  it('is undefined while every input has its bytes, even when a file was touched since', () => {
    const { bundle, launcher, source } = built();
    expect(stampFileOf(bundle)).toBe(bundle.replace(/\.cjs$/, '.inputs.json'));
    expect(staleBuild(bundle, [launcher])).toBeUndefined();
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(source, later, later);
    expect(staleBuild(bundle, [launcher])).toBeUndefined();
  });

  it('names a changed or vanished input, a missing output or stamp, and the command to run', () => {
    const { bundle, launcher, source } = built();
    writeFileSync(source, 'export const a = 2;\n');
    expect(staleBuild(bundle, [launcher])).toMatch(
      /entry\.ts changed since .*demo-bundle\.cjs was built: run `pnpm build` first/,
    );
    rmSync(source);
    expect(staleBuild(bundle, [launcher])).toMatch(/entry\.ts is gone since/);
    rmSync(launcher);
    expect(staleBuild(bundle, [launcher])).toMatch(/demo\.cjs is missing: run `pnpm build` first/);
    rmSync(stampFileOf(bundle));
    writeFileSync(launcher, '');
    expect(staleBuild(bundle, [launcher])).toMatch(/demo-bundle\.inputs\.json is missing/);
  });
});
