/**
 * Where the bin finds the MCP SDK: the build bundles it beside the bin (`dist/bin/harness-mcp.cjs`,
 * run through the code cache), so the main bundle neither holds nor parses it and a run without
 * MCP servers never reads it; elsewhere (tests, the library's dist) the packages are required.
 */
import { createRequire } from 'node:module';
import { setSdkLoader, vendorSdkLoader } from '@coding-harness/mcp';

/** Registers the loader (nothing is loaded until a server starts). */
export function useBundledMcpSdk(): void {
  setSdkLoader(vendorSdkLoader(createRequire(import.meta.url), './harness-mcp.cjs'));
}
