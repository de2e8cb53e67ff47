// Builds the `harness-tui` bin like `harness`'s (module loading, not work, dominates start-up):
// `tsc -b` emits the library and its types; this script bundles src/bin/harness-tui.ts and
// everything it imports into dist/bin/harness-tui-bundle.cjs and writes the bin,
// dist/bin/harness-tui.cjs, a launcher that runs it through a V8 code cache kept in the user's
// cache folder (tooling/bin-build), plus the licences of the inlined third-party code.
// blessed is bundled too, so it is in the code cache (tooling/bin-build/src/blessed-bundle.mjs:
// its widgets by computed name, its data files read from the installed blessed); mvdan-sh (the
// shell parser) is required next to the bundle on the first bash approval.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';
import { BLESSED_EXTERNAL, blessedInBundle } from '../../tooling/bin-build/src/blessed-bundle.mjs';
import { buildBin } from '../../tooling/bin-build/src/index.mjs';
import { buildVendorBundle } from '../../tooling/bin-build/src/vendor-bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
/** The MCP SDK's modules (packages/mcp/src/sdk.ts loads these three). */
const MCP_SDK = [
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/client/stdio',
  '@modelcontextprotocol/client/validators/ajv',
];
const outDir = join(here, 'dist/bin');
const version = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version;

const { metafile } = await buildBin({
  entry: join(here, 'src/bin/harness-tui.ts'),
  outDir,
  // Besides the bundle's inputs, these decide it (its stamp, checked by the test suites).
  sources: [fileURLToPath(import.meta.url), join(here, 'package.json')],
  name: 'harness-tui',
  define: { __HARNESS_VERSION__: JSON.stringify(version) },
  // A code cache per mode, so `--help` does not leave the session's code uncached.
  cacheModes: { info: ['-h', '--help', '-v', '--version'] },
  // The MCP SDK is kept out (a session without MCP servers never reads it) and bundled beside
  // the bin, loaded through src/mcp-sdk.ts when a server starts.
  external: [...BLESSED_EXTERNAL, ...MCP_SDK],
  plugins: [blessedInBundle()],
});
const mcpSdk = await buildVendorBundle({ outDir, name: 'harness-tui-mcp', modules: MCP_SDK, resolveDir: here });
writeThirdPartyNotices({
  metafiles: [metafile, mcpSdk.metafile],
  outFile: join(outDir, 'THIRD_PARTY_NOTICES.md'),
  covers: ['harness-tui-bundle.cjs', 'harness-tui-mcp-bundle.cjs'],
});
