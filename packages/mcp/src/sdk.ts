/**
 * The MCP SDK, loaded on first use only: a session with no server configured never imports it
 * (the client and its dependencies cost start-up time for nothing).
 */
import type * as ClientModule from '@modelcontextprotocol/client';
import type * as StdioModule from '@modelcontextprotocol/client/stdio';

export type McpClient = ClientModule.Client;
export type McpSdk = typeof ClientModule;
export type McpStdio = typeof StdioModule;

let loading: Promise<{ sdk: McpSdk; stdio: McpStdio }> | undefined;

/** The client module and its stdio transport, imported once per process. */
export function loadSdk(): Promise<{ sdk: McpSdk; stdio: McpStdio }> {
  loading ??= Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/stdio')]).then(
    ([sdk, stdio]) => ({ sdk, stdio }),
  );
  return loading;
}
