// Builds the `harness` bin for a fast cold start (module loading, not work, dominates start-up).
// `tsc -b` emits the library and its types; this script then bundles src/bin/harness.ts and
// everything it imports into dist/bin/harness-bundle.cjs and writes the bin, dist/bin/harness.cjs,
// a launcher that runs it through a V8 code cache kept in the user's cache folder (see
// tooling/bin-build: web-global stand-ins, built-in interop, the cache's rules), plus the
// licences of the inlined third-party code.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyNotices } from '../../scripts/third-party-notices.mjs';
import { buildBin } from '../../tooling/bin-build/src/index.mjs';
import { buildVendorBundle } from '../../tooling/bin-build/src/vendor-bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'dist/bin');
const version = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8')).version;

const { metafile } = await buildBin({
  entry: join(here, 'src/bin/harness.ts'),
  outDir,
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
  external: [
    'marked',
    'marked-terminal',
    '@agentclientprotocol/sdk',
    '@modelcontextprotocol/client',
    '@modelcontextprotocol/client/stdio',
    '@modelcontextprotocol/client/validators/ajv',
  ],
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
// ...and the MCP SDK, for sessions that start an MCP server (src/mcp-sdk.ts requires ./harness-mcp.cjs).
const mcpSdk = await buildVendorBundle({
  outDir,
  name: 'harness-mcp',
  modules: [
    '@modelcontextprotocol/client',
    '@modelcontextprotocol/client/stdio',
    '@modelcontextprotocol/client/validators/ajv',
  ],
  resolveDir: here,
});
// Earlier builds split rarely used libraries into a second bundle: remove what is left of it.
for (const f of ['harness-lazy.cjs', 'harness-lazy.cjs.map']) rmSync(join(outDir, f), { force: true });
// The bundle inlines third-party code: its licences ship beside it.
writeThirdPartyNotices({
  metafiles: [metafile, markdown.metafile, acpSdk.metafile, mcpSdk.metafile],
  outFile: join(outDir, 'THIRD_PARTY_NOTICES.md'),
  covers: ['harness-bundle.cjs', 'harness-markdown-bundle.cjs', 'harness-acp-bundle.cjs', 'harness-mcp-bundle.cjs'],
});
