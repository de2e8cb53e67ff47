// Builds the `harness-tui` bin like `harness`'s (module loading, not work, dominates start-up):
// `tsc -b` emits the library and its types; this script bundles src/bin/harness-tui.ts and
// everything it imports into dist/bin/harness-tui-bundle.cjs and writes the bin,
// dist/bin/harness-tui.cjs, a launcher that runs it through a V8 code cache kept in the user's
// cache folder (tooling/bin-build), plus the licences of the inlined third-party code.
// blessed is bundled too, so it is in the code cache (tooling/bin-build/src/blessed-bundle.mjs:
// its widgets by computed name, its data files read from the installed blessed); mvdan-sh (the
// shell parser) is required next to the bundle on the first bash approval.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';
import { BLESSED_EXTERNAL, blessedInBundle } from '../../tooling/bin-build/src/blessed-bundle.mjs';
import { buildBin } from '../../tooling/bin-build/src/index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
// The session package's jsonc-parser, as its ESM build (an alias is resolved from the cwd: an absolute path).
const jsoncEsm = createRequire(join(here, '../../packages/session/package.json'))
  .resolve('jsonc-parser')
  .replace(/lib[\\/]umd[\\/]main\.js$/, 'lib/esm/main.js');
const outDir = join(here, 'dist/bin');
const version = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version;

const { metafile } = await buildBin({
  entry: join(here, 'src/bin/harness-tui.ts'),
  outDir,
  // jsonc-parser's `main` is a UMD file whose requires esbuild cannot follow: bundle its ESM build.
  options: { alias: { 'jsonc-parser': jsoncEsm } },
  // Besides the bundle's inputs, these decide it (its stamp, checked by the test suites).
  sources: [fileURLToPath(import.meta.url), join(here, 'package.json')],
  name: 'harness-tui',
  define: { __HARNESS_VERSION__: JSON.stringify(version) },
  // A code cache per mode, so `--help` does not leave the session's code uncached.
  cacheModes: { info: ['-h', '--help', '-v', '--version'] },
  external: BLESSED_EXTERNAL,
  plugins: [blessedInBundle()],
});
writeThirdPartyNotices({
  metafiles: [metafile],
  outFile: join(outDir, 'THIRD_PARTY_NOTICES.md'),
  covers: ['harness-tui-bundle.cjs'],
});
