// What a bin bundle was built from, by content: buildBin writes `<name>-bundle.inputs.json`
// beside the bundle (a SHA-256 per source file), and the test suites that spawn the bin check it
// before they start. The suites used to rebuild the bin at the start of every run, which rewrote
// dist/ while other suites, running at the same time under turbo, were reading it; the `build`
// task now makes it, before `test` in turbo's graph, and a suite only refuses to test a stale one.
//
// By content, not modification times: turbo leaves outputs it already has untouched on a cache
// hit, so a source touched but unchanged (a checkout back and forth) would look newer than the
// bundle forever, and `pnpm build` could not fix that.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is tooling/bin-build/src/stamp.mjs). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Test files, test helpers and what is built or installed: none of it goes into a bundle. */
const NOT_SOURCE = /(^|\/)(node_modules|dist|testing|test-support)(\/|$)|\.test[.-]/;

/** The stamp file of a bundle: `harness-bundle.cjs` -> `harness-bundle.inputs.json`. */
export const stampFileOf = (bundle) => bundle.replace(/\.cjs$/, '.inputs.json');

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every source file under `dir` (recursively), without tests, test helpers, dist or node_modules. */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => !NOT_SOURCE.test(rel))
    .map((rel) => path.join(dir, rel))
    .filter((file) => statSync(file).isFile());
}

/**
 * The files a bundle depends on, from esbuild's metafile (paths relative to `absWorkingDir`):
 * every input outside node_modules (third-party code changes only with an install), plus, for a
 * workspace package inlined from its dist/, every source file in its src/ (a dist/ older than its
 * sources is as stale as the bundle), plus this package's own sources and `extra` (the build
 * script, the package.json).
 */
export function bundleInputs(metafile, absWorkingDir, extra = []) {
  // This package's own files shape every bundle (the launcher, the plugins), inputs or not.
  const own = sourceFiles(path.join(repoRoot, 'tooling', 'bin-build', 'src'));
  const files = new Set([...own, ...extra.map((f) => path.resolve(f))]);
  for (const key of Object.keys(metafile.inputs)) {
    if (/^[a-z-]+:/.test(key)) continue; // a plugin's generated stand-in, not a file
    const abs = path.resolve(absWorkingDir, key);
    if (abs.split(path.sep).includes('node_modules')) continue;
    files.add(abs);
    const pkg = /^(packages\/[^/]+)\/dist\//.exec(path.relative(repoRoot, abs));
    if (pkg) for (const file of sourceFiles(path.join(repoRoot, pkg[1], 'src'))) files.add(file);
  }
  return [...files].sort();
}

/** Writes the stamp of `bundle`: each input file (relative to the repository root) and its hash. */
export function writeStamp(bundle, inputs) {
  const files = Object.fromEntries(inputs.map((file) => [path.relative(repoRoot, file), sha256(file)]));
  writeFileSync(stampFileOf(bundle), `${JSON.stringify({ bundle: path.basename(bundle), files }, null, 1)}\n`);
}

/**
 * Why the built bin cannot be tested as it is (an output missing, the stamp missing, an input
 * changed or gone since the build), or undefined when it is current. Messages name the file and
 * the command to run.
 */
export function staleBuild(bundle, outputs, command = 'pnpm build') {
  const shown = (file) => path.relative(repoRoot, file);
  const fix = `run \`${command}\` first (the tests run what the build made and never rebuild it: other suites may be reading it)`;
  for (const file of [bundle, ...outputs]) if (!existsSync(file)) return `${shown(file)} is missing: ${fix}`;
  const stampFile = stampFileOf(bundle);
  if (!existsSync(stampFile)) return `${shown(stampFile)} is missing: ${fix}`;
  const { files } = JSON.parse(readFileSync(stampFile, 'utf8'));
  for (const [rel, hash] of Object.entries(files)) {
    const file = path.join(repoRoot, rel);
    if (!existsSync(file)) return `${rel} is gone since ${shown(bundle)} was built: ${fix}`;
    if (sha256(file) !== hash) return `${rel} changed since ${shown(bundle)} was built: ${fix}`;
  }
  return undefined;
}
