/**
 * The MCP SDK, loaded on first use only: a session with no server configured never imports it
 * (the client, its transports and the Ajv validator it bundles cost start-up time for nothing).
 * A bundled bin that keeps the SDK in a file of its own (loaded through a code cache) registers
 * how to load it with `setSdkLoader`; otherwise the packages are imported.
 */
import type * as ClientModule from '@modelcontextprotocol/client';
import type * as StdioModule from '@modelcontextprotocol/client/stdio';
import type * as AjvModule from '@modelcontextprotocol/client/validators/ajv';

export type McpClient = ClientModule.Client;
export type McpSdk = typeof ClientModule;
export type McpStdio = typeof StdioModule;
export type McpAjv = typeof AjvModule;

/** The three modules the client uses. */
export interface SdkModules {
  sdk: McpSdk;
  stdio: McpStdio;
  ajv: McpAjv;
}

const importPackages = async (): Promise<SdkModules> => {
  const [sdk, stdio, ajv] = await Promise.all([
    import('@modelcontextprotocol/client'),
    import('@modelcontextprotocol/client/stdio'),
    import('@modelcontextprotocol/client/validators/ajv'),
  ]);
  return { sdk, stdio, ajv };
};

let loader: () => Promise<SdkModules> = importPackages;
let loading: Promise<SdkModules> | undefined;

/** How to load the SDK (a bin's vendor bundle); call before any server starts. */
export function setSdkLoader(load: () => Promise<SdkModules>): void {
  loader = load;
  loading = undefined;
}

/** The SDK's modules, loaded once per process. */
export function loadSdk(): Promise<SdkModules> {
  loading ??= loader();
  return loading;
}

const MODULES = {
  sdk: '@modelcontextprotocol/client',
  stdio: '@modelcontextprotocol/client/stdio',
  ajv: '@modelcontextprotocol/client/validators/ajv',
} as const;

/**
 * A loader for a bundled bin: `vendor` (e.g. `./harness-mcp.cjs`, a vendor bundle exporting
 * `{ [package]: module }`) through `req` (the bin's own require, so the path is beside it), else
 * the packages by name. `require` because a bin's bundle runs in a vm.Script, where `import()` of
 * a file outside it is refused; Node 20.19+ loads the SDK's ES modules that way.
 */
export function vendorSdkLoader(req: (id: string) => unknown, vendor: string): () => Promise<SdkModules> {
  return async () => {
    let bundled: Record<string, unknown> | undefined;
    try {
      bundled = req(vendor) as Record<string, unknown>;
    } catch {
      // not beside the bin's bundle: the packages
    }
    const one = (name: string): unknown => bundled?.[name] ?? req(name);
    return {
      sdk: one(MODULES.sdk) as McpSdk,
      stdio: one(MODULES.stdio) as McpStdio,
      ajv: one(MODULES.ajv) as McpAjv,
    };
  };
}

/** The packages a bin's vendor bundle holds (its build's `modules` and `external`). */
export const SDK_MODULES: readonly string[] = Object.values(MODULES);
