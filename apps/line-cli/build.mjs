// Bundles the `harness` bin into one ESM file so a cold start reads one file instead of
// hundreds of modules (see TOOLCHAIN.md: module loading dominates start-up). `tsc -b` still
// emits the library and its types; this only replaces dist/bin/harness.js.
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, 'dist/bin/harness.js');

await build({
  entryPoints: [join(here, 'src/bin/harness.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  sourcemap: 'linked',
  logLevel: 'warning',
  // CommonJS dependencies inside the bundle may call require() for Node built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __harnessRequire } from 'node:module'; const require = __harnessRequire(import.meta.url);",
  },
});
chmodSync(outfile, 0o755);
