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
