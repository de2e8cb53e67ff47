// Bundles a front end's bin for a fast cold start (module loading, not work, dominates start-up):
// one CommonJS file with the packages' real dist code, small web-global stand-ins
// (light-web.mjs), a cheap ESM interop for Node built-ins (builtin-interop.mjs), and a
// launcher that runs it through a V8 code cache in the user's cache folder (launcher.mjs).
// Used by apps/line-cli/build.mjs and apps/blessed-tui/build.mjs; build time only.
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { builtinInterop } from './builtin-interop.mjs';
import { launcherSource } from './launcher.mjs';
import { bundleInputs, writeStamp } from './stamp.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/** The esbuild options every bin bundle uses (CommonJS for Node 20, minified, linked source map). */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minifyWhitespace: true,
  minifyIdentifiers: true,
  minifySyntax: true,
  keepNames: false,
  legalComments: 'none',
  sourcemap: 'linked',
  logLevel: 'warning',
};

/**
 * Packages whose `main` is a UMD build with inner `require('./impl/...')` calls esbuild cannot
 * follow (the bin then fails at load): their ES module build is bundled instead, resolved from
 * the importing file's folder. jsonc-parser (settings and MCP files with comments) is one.
 */
const UMD_MAIN = { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' };

export function esmBuildOfUmd() {
  return {
    name: 'esm-build-of-umd',
    setup(build) {
      const filter = new RegExp(`^(${Object.keys(UMD_MAIN).join('|')})$`);
      build.onResolve({ filter }, (args) =>
        build.resolve(UMD_MAIN[args.path], { resolveDir: args.resolveDir, kind: args.kind, importer: args.importer }),
      );
    },
  };
}

/**
 * Code run through node:vm cannot use import() (Node 20 needs --experimental-vm-modules for it),
 * and esbuild keeps import() of Node built-ins as is: load those with require instead. Throws
 * when one is left, so a change in esbuild's output fails the build instead of the bin.
 */
export function requireBuiltinImports(code) {
  const out = code.replace(/\bimport\("(node:[a-z_/]+)"\)/g, 'Promise.resolve(require("$1"))');
  if (/\bimport\("node:/.test(out)) throw new Error('a dynamic import of a built-in is left in the bundle');
  return out;
}

/**
 * Builds `<outDir>/<name>-bundle.cjs` from `entry` and the launcher `<outDir>/<name>.cjs` (the
 * package's bin, executable). `define`, `inject`, `external` and `options` add to the common
 * ones, `plugins` run after the built-in interop, `cacheModes` (`{ name: flags }`) gives each
 * mode of the bin its own code cache (see launcher.mjs), `sources` names files besides the
 * bundle's inputs that decide it (the build script, package.json) for its stamp
 * (`<name>-bundle.inputs.json`, written last: see stamp.mjs). Returns the paths, the bundle's
 * hash (part of its code cache's name) and esbuild's metafile (what was inlined, for the
 * third-party notices).
 */
export async function buildBin({
  entry,
  outDir,
  name,
  define = {},
  inject = [],
  external = [],
  plugins = [],
  cacheModes = {},
  options = {},
  sources = [],
}) {
  const bundle = join(outDir, `${name}-bundle.cjs`);
  const result = await build({
    ...BUNDLE_OPTIONS,
    metafile: true,
    ...options,
    entryPoints: [entry],
    outfile: bundle,
    external,
    plugins: [builtinInterop(), esmBuildOfUmd(), ...plugins],
    // import.meta.url is empty in CommonJS: the bundle's own file URL (import-meta-url.mjs).
    // globalThis.ReadableStream is read by the SDK on every request: see LazyReadableStream.
    define: { 'import.meta.url': 'importMetaUrl', 'globalThis.ReadableStream': 'LazyReadableStream', ...define },
    inject: [here('./light-web.mjs'), here('./import-meta-url.mjs'), ...inject],
  });
  // The launcher is the executable: a shebang kept from the entry would not parse inside its wrapper.
  const code = requireBuiltinImports(readFileSync(bundle, 'utf8').replace(/^#![^\n]*\n/, ''));
  writeFileSync(bundle, code);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // Caches of earlier builds lived beside the bundle: remove them.
  for (const f of readdirSync(outDir))
    if (f.startsWith(`${name}-bundle.`) && f.endsWith('.cache')) rmSync(join(outDir, f));
  const launcher = join(outDir, `${name}.cjs`);
  writeFileSync(launcher, launcherSource(basename(bundle), hash, cacheModes));
  chmodSync(launcher, 0o755);
  writeStamp(bundle, bundleInputs(result.metafile, options.absWorkingDir ?? process.cwd(), sources));
  return { bundle, launcher, hash, metafile: result.metafile };
}
