/** `/mcp` and `/mcp reconnect NAME` as data. */
import type { McpServerRow, SlashResult } from '@coding-harness/protocol';
import type { McpRuntime } from './runtime.js';
import { loginDepsFromEnv, mcpLogin, mcpLogout } from './oauth-slash.js';
import type { LoginDeps } from './oauth-slash.js';

function rows(runtime: McpRuntime): McpServerRow[] {
  return runtime.status().map((s) => ({
    name: s.name,
    scope: s.scope,
    source: s.source,
    transport: s.transport,
    state: s.state,
    tools: s.toolCount,
    ...(s.error !== undefined ? { error: s.error } : {}),
  }));
}

export async function mcpSlash(
  runtime: McpRuntime,
  args: string,
  login: LoginDeps = loginDepsFromEnv(runtime.env),
): Promise<Extract<SlashResult, { kind: 'mcp' }>> {
  const [verb, name] = args.trim().split(/\s+/);
  if (verb === undefined || verb === '') return { kind: 'mcp', servers: rows(runtime) };
  if (verb === 'login' && name !== undefined)
    return { kind: 'mcp', servers: rows(runtime), message: await mcpLogin(runtime, name, login) };
  if (verb === 'logout' && name !== undefined) {
    const message = await mcpLogout(runtime, name);
    return { kind: 'mcp', servers: rows(runtime), message };
  }
  if (verb !== 'reconnect' || name === undefined)
    return {
      kind: 'mcp',
      servers: rows(runtime),
      message: `/mcp takes nothing, "reconnect <name>", "login <name>" or "logout <name>", got "${args.trim()}"`,
    };
  const found = await runtime.reconnect(name);
  const state = runtime.status().find((s) => s.name === name)?.state;
  return {
    kind: 'mcp',
    servers: rows(runtime),
    message: found ? `reconnected ${name}: ${state}` : `no MCP server ${name} in this session`,
  };
}
