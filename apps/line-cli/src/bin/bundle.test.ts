import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// vitest.global-setup.ts rebuilds the bundle before the tests run.
const code = readFileSync(fileURLToPath(new URL('../../dist/bin/harness-bundle.cjs', import.meta.url)), 'utf8');

describe('the bin bundle (build.mjs)', () => {
  it('reaches object-valued built-ins through the prototype interop, never copying them per import', () => {
    expect(code).toContain('Object.create(require("node:fs"))');
    expect(code).toContain('Object.create(require("node:path"))');
    expect(code).not.toMatch(/__toESM\(require\("node:(fs|path|fs\/promises|http)"\)/);
  });

  it('never reads the ReadableStream, Headers or Response globals (they load web streams and undici)', () => {
    const reads = [...code.matchAll(/globalThis\.(ReadableStream|Headers|Response)\b/g)].map((m) => m.index!);
    const inStrings = reads.filter((i) => /`[^`]*$/.test(code.slice(Math.max(0, i - 200), i)));
    expect(reads).toEqual(inStrings);
  });

  it("bundles the SDK's base client only, not its resources", () => {
    expect(code).toContain('/v1/messages');
    for (const resource of ['/v1/messages/batches', '/v1/files']) expect(code).not.toContain(resource);
  });
});
