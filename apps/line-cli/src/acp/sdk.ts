/**
 * The ACP SDK (`@agentclientprotocol/sdk`, protocol v1), loaded on first use: only `harness --acp`
 * pays for it (it brings zod's full build, ~100 ms to load), so every other start-up is unchanged.
 * The bin's build bundles it beside the bin (`dist/bin/harness-acp.cjs`, run through the code
 * cache); elsewhere (tests, the library's dist) the package itself is required. `require` because
 * the bin's bundle runs in a vm.Script, where `import()` of a file outside it is refused; Node
 * 20.19+ loads the SDK's ES modules that way.
 */
import { createRequire } from 'node:module';
import type * as AcpSdk from '@agentclientprotocol/sdk';

export type Acp = typeof AcpSdk;

let loaded: Acp | undefined;

/** The SDK, or an error naming what is missing. */
export function loadAcp(): Acp | Error {
  if (loaded) return loaded;
  const load = createRequire(import.meta.url);
  try {
    const bundled = load('./harness-acp.cjs') as Record<string, unknown>;
    loaded = bundled['@agentclientprotocol/sdk'] as Acp;
    return loaded;
  } catch {
    // not beside the bin's bundle: the package
  }
  try {
    loaded = load('@agentclientprotocol/sdk') as Acp;
    return loaded;
  } catch (err) {
    return new Error(
      `cannot load @agentclientprotocol/sdk (${err instanceof Error ? err.message : String(err)}); --acp needs Node 20.19 or newer`,
    );
  }
}
