// A vendor bundle: packages a bin loads on first use only (the REPL's markdown renderer), bundled
// into their own file and run through the launcher's V8 code cache, so that first use compiles
// nothing (measured for marked + marked-terminal: ~35 ms through the cache against ~90 ms from
// node_modules) while runs that never use them do not read them at all. The bin requires the
// vendor launcher beside its bundle; its exports are `{ [package]: module }`.
import { createHash } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS, requireBuiltinImports } from './index.mjs';
import { launcherSource } from './launcher.mjs';

/**
 * Writes `<outDir>/<name>-bundle.cjs` (the packages in `modules`, resolved from `resolveDir`) and
 * `<outDir>/<name>.cjs`, a CommonJS module that runs it through a code cache and exports
 * `{ [package]: module }`. Returns the paths and esbuild's metafile (for the notices).
 */
export async function buildVendorBundle({ outDir, name, modules, resolveDir, external = [] }) {
  const bundle = join(outDir, `${name}-bundle.cjs`);
  const entries = modules.map((m) => `${JSON.stringify(m)}: require(${JSON.stringify(m)})`).join(', ');
  const result = await build({
    ...BUNDLE_OPTIONS,
    sourcemap: false,
    metafile: true,
    write: false,
    stdin: { contents: `module.exports = { ${entries} };\n`, resolveDir, loader: 'js', sourcefile: `${name}.cjs` },
    outfile: bundle,
    external,
  });
  const code = requireBuiltinImports(result.outputFiles[0].text);
  writeFileSync(bundle, code);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  for (const f of readdirSync(outDir))
    if (f.startsWith(`${name}-bundle.`) && f.endsWith('.cache')) rmSync(join(outDir, f));
  const launcher = join(outDir, `${name}.cjs`);
  writeFileSync(launcher, launcherSource(`${name}-bundle.cjs`, hash, {}, { exportsBundle: true }));
  return { bundle, launcher, hash, metafile: result.metafile };
}
