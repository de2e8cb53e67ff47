import { readFileSync } from 'node:fs';

/** Replaced by the bundler with package.json's version (build.mjs); absent when run from tsc output or source. */
declare const __HARNESS_VERSION__: string | undefined;

/**
 * The CLI's version, always package.json's: the bin's bundle has it inlined at build time, the
 * library (tsc output, or source under the tests) reads the package's own manifest once. So a
 * release (`pnpm version-packages`) needs no hand edit.
 */
export const VERSION: string = typeof __HARNESS_VERSION__ === 'string' ? __HARNESS_VERSION__ : manifestVersion();

function manifestVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
