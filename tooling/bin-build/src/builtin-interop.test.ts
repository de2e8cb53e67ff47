/**
 * builtin-interop.mjs relies on how esbuild's `__toESM` helper wraps a CommonJS module (it copies
 * the module's own keys and takes its prototype). This bundles a fixture with the plugin and runs
 * it, so an esbuild that changes the helper fails here loudly, not by a silently slower start.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinInterop } from './builtin-interop.mjs';
import { BUNDLE_OPTIONS } from './index.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bin-build-interop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built-in interop plugin with the pinned esbuild', () => {
  it('makes each built-in import an empty object over the real module, and every read still works', async () => {
    writeFileSync(
      join(dir, 'a.mjs'),
      "import fs from 'node:fs';\nimport * as path from 'node:path';\nexport const a = { fs, path };\n",
    );
    writeFileSync(
      join(dir, 'entry.mjs'),
      [
        "import fs, { readFileSync } from 'node:fs';",
        "import { join } from 'path';",
        "import { EventEmitter } from 'node:events';",
        "import { a } from './a.mjs';",
        'const own = [fs, a.fs, a.path].map((m) => Object.getOwnPropertyNames(m));',
        "const reads = [typeof readFileSync, typeof fs.promises.readFile, typeof a.path.join, join('x', 'y'), typeof new EventEmitter().on];",
        'process.stdout.write(JSON.stringify({ own, reads }));',
      ].join('\n'),
    );
    const out = join(dir, 'out.cjs');
    await build({
      ...BUNDLE_OPTIONS,
      sourcemap: false,
      entryPoints: [join(dir, 'entry.mjs')],
      outfile: out,
      plugins: [builtinInterop()],
    });
    const code = readFileSync(out, 'utf8');
    expect(code).toContain('Object.create(require("node:fs"))');
    expect(code).not.toMatch(/__toESM\(require\("(node:)?(fs|path)"\)/);
    expect(JSON.parse(execFileSync(process.execPath, [out], { encoding: 'utf8' }))).toEqual({
      // `import * as` gets esbuild's own `default` key; no property of the built-in is copied.
      own: [[], [], ['default']],
      reads: ['function', 'function', 'function', join('x', 'y'), 'function'],
    });
  });
});
