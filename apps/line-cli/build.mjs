// Builds the `harness` bin for a fast cold start (module loading, not work, dominates start-up).
// `tsc -b` emits the library and its types; this script then bundles src/bin/harness.ts and
// everything it imports into dist/bin/harness-bundle.cjs and writes the bin, dist/bin/harness.cjs,
// a launcher that runs it through a V8 code cache kept in the user's cache folder (see
// tooling/bin-build: web-global stand-ins, built-in interop, the cache's rules), plus the
// licences of the inlined third-party code.
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';
import { buildBin } from '../../tooling/bin-build/src/index.mjs';
import { buildVendorBundle } from '../../tooling/bin-build/src/vendor-bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// The session package's jsonc-parser, as its ESM build (an alias is resolved from the cwd: an absolute path).
const jsoncEsm = createRequire(join(here, '../../packages/session/package.json'))
  .resolve('jsonc-parser')
  .replace(/lib[\\/]umd[\\/]main\.js$/, 'lib/esm/main.js');
const outDir = join(here, 'dist/bin');
const version = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version;

const { metafile } = await buildBin({
  entry: join(here, 'src/bin/harness.ts'),
  outDir,
  // jsonc-parser's `main` is a UMD file whose requires esbuild cannot follow: bundle its ESM build.
  options: { alias: { 'jsonc-parser': jsoncEsm } },
  // Besides the bundle's inputs, these decide it (its stamp, checked by the test suites).
  sources: [fileURLToPath(import.meta.url), join(here, 'package.json')],
  name: 'harness',
  // The version comes from package.json at build time (src/version.ts reads it otherwise).
  define: { __HARNESS_VERSION__: JSON.stringify(version) },
  // A code cache per mode, so each covers the code its runs compile (the REPL is the default).
  cacheModes: {
    print: ['-p', '--print'],
    acp: ['--acp'],
    skills: ['skills'],
    info: ['-h', '--help', '-v', '--version'],
  },
  // The REPL's markdown renderer loads on first use (about 130 ms to require), and the ACP SDK
  // (with zod's full build) only for --acp: both kept out of the bundle so a run that does not
  // use them never reads or compiles them.
  external: ['marked', 'marked-terminal', '@agentclientprotocol/sdk'],
});
// ...and bundled beside it, run through its own code cache on that first use (src/markdown.ts
// requires ./harness-markdown.cjs when it is there, else the packages).
const markdown = await buildVendorBundle({
  outDir,
  name: 'harness-markdown',
  modules: ['marked', 'marked-terminal'],
  resolveDir: here,
});
// ...and the ACP SDK the same way, for --acp only (src/acp/sdk.ts requires ./harness-acp.cjs).
const acpSdk = await buildVendorBundle({
  outDir,
  name: 'harness-acp',
  modules: ['@agentclientprotocol/sdk'],
  resolveDir: here,
});
// Earlier builds split rarely used libraries into a second bundle: remove what is left of it.
for (const f of ['harness-lazy.cjs', 'harness-lazy.cjs.map']) rmSync(join(outDir, f), { force: true });
// The bundle inlines third-party code: its licences ship beside it.
writeThirdPartyNotices({
  metafiles: [metafile, markdown.metafile, acpSdk.metafile],
  outFile: join(outDir, 'THIRD_PARTY_NOTICES.md'),
  covers: ['harness-bundle.cjs', 'harness-markdown-bundle.cjs', 'harness-acp-bundle.cjs'],
});
