/**
 * The bins replace the web globals the Anthropic SDK reads (light-web.mjs) so that undici and web
 * streams never load at start-up. That holds only while the SDK reads no other one: this bundles
 * the Anthropic provider (which loads the SDK) as the bins do, takes every SDK file in the bundle, and lists
 * the web globals its code names. An SDK upgrade that reads a new one fails here, naming it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Web globals whose first use loads undici or web streams (or that undici provides). */
const WEB_GLOBALS = [
  'fetch',
  'Headers',
  'Request',
  'Response',
  'FormData',
  'Blob',
  'File',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'WebSocket',
  'EventSource',
];

/**
 * What the bundled SDK 1.14.0 names, and why each is safe in the bins: the ones light-web.mjs
 * replaces; `fetch`, read only when the SDK is given no fetch (the bins pass the provider's light
 * fetch unless a proxy variable is set, and then undici is wanted); and two that load nothing.
 */
const EXPECTED: Record<string, string> = {
  Headers: 'replaced by LightHeaders',
  Response: 'replaced by LightResponse',
  FormData: 'replaced by LightFormData (instanceof only)',
  ReadableStream: 'globalThis.ReadableStream replaced by LazyReadableStream',
  fetch: 'only when no fetch is passed',
  Blob: 'cheap: Node loads Blob at start-up anyway (the SDK tests `body instanceof Blob`)',
  File: 'only in the upload helper internal/to-file, which the provider never calls',
};

/** Comments and string literals out, so that only code is searched. */
const codeOnly = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ').replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, '""');

describe('the web globals the bundled SDK reads', () => {
  it('are exactly the ones the bins replace (or fetch, which the bins pass)', async () => {
    const providerEntry = createRequire(import.meta.url).resolve('@coding-harness/model/anthropic');
    const result = await build({
      entryPoints: [providerEntry],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
      metafile: true,
      logLevel: 'silent',
      outfile: 'out.cjs',
    });
    const sdkFiles = Object.keys(result.metafile.inputs).filter((f) => f.includes('@anthropic-ai/sdk/'));
    expect(sdkFiles.length).toBeGreaterThan(5);
    const found = new Map<string, string[]>();
    for (const file of sdkFiles) {
      const code = codeOnly(readFileSync(file, 'utf8'));
      for (const name of WEB_GLOBALS) {
        // A global read: the bare name or globalThis.name, not a property (x.name), a key (name:) or a declaration.
        const read = new RegExp(`(?<![\\w$.])(?:globalThis\\.)?${name}(?![\\w$])(?!\\s*:)`, 'g');
        const declared = new RegExp(
          `(?:class|function|const|let|var)\\s+${name}(?![\\w$])|import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`,
        );
        if (read.test(code) && !declared.test(code))
          found.set(name, [...(found.get(name) ?? []), file.replace(/.*@anthropic-ai\/sdk\//, '')]);
      }
    }
    const unexpected = [...found.keys()].filter((n) => !(n in EXPECTED));
    expect(
      unexpected,
      `the SDK now reads ${unexpected.map((n) => `${n} (${found.get(n)!.join(', ')})`).join('; ')}: replace it in light-web.mjs or accept that it loads undici`,
    ).toEqual([]);
    expect([...found.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});
