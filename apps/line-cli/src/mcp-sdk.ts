/**
 * Where the bin finds the MCP SDK: the build bundles it beside the bin (`dist/bin/harness-mcp.cjs`,
 * run through the code cache), so the main bundle neither holds nor parses it and a run without
 * MCP servers never reads it; elsewhere (tests, the library's dist) the packages are required.
 * `require` because the bin's bundle runs in a vm.Script, where `import()` of a file outside it
 * is refused; Node 20.19+ loads the SDK's ES modules that way.
 */
import { createRequire } from 'node:module';
import { setSdkLoader } from '@coding-harness/mcp';
import type { SdkModules } from '@coding-harness/mcp';

const MODULES = {
  sdk: '@modelcontextprotocol/client',
  stdio: '@modelcontextprotocol/client/stdio',
  ajv: '@modelcontextprotocol/client/validators/ajv',
} as const;

function load(): SdkModules {
  const req = createRequire(import.meta.url);
  let bundled: Record<string, unknown> | undefined;
  try {
    bundled = req('./harness-mcp.cjs') as Record<string, unknown>;
  } catch {
    // not beside the bin's bundle: the packages
  }
  const one = (name: string): unknown => bundled?.[name] ?? req(name);
  return {
    sdk: one(MODULES.sdk) as SdkModules['sdk'],
    stdio: one(MODULES.stdio) as SdkModules['stdio'],
    ajv: one(MODULES.ajv) as SdkModules['ajv'],
  };
}

/** Registers the loader (nothing is loaded until a server starts). */
export function useBundledMcpSdk(): void {
  setSdkLoader(async () => load());
}
