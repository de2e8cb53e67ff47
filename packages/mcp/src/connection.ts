/**
 * One live server: the transport its config names, the MCP client over it, its tools (every
 * page), and what happens when it changes its tools or goes away. The SDK is loaded here, on the
 * first connection, never before.
 */
import type { ServerConfig } from './config/types.js';
import type { ElicitHandler } from './elicitation.js';
import { answerElicitation } from './elicitation-handler.js';
import { loadSdk } from './sdk.js';
import type { McpClient } from './sdk.js';
import { groupStdioTransport } from './group-stdio.js';
import { serverEnv } from './server-env.js';
import { asNeedsLogin, authFor } from './oauth-connect.js';

/** What the harness keeps of a server's tool (the rest of the listing is not used). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; [k: string]: unknown };
  annotations?: {
    title?: string;
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

export interface ConnectOptions {
  name: string;
  config: ServerConfig;
  /** The harness's environment: the base a stdio server's environment is built from (server-env.ts). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where a stdio server runs when its config names no `cwd` (the work root). */
  cwd: string;
  /** The server's tools changed (`notifications/tools/list_changed`): the new list. */
  onToolsChanged: (tools: McpToolInfo[]) => void;
  /** The connection ended without `close()` (the process exited, the HTTP session failed). */
  onClosed: (why: string) => void;
  /** Lines the server wrote on stderr (stdio), kept for `/mcp` when it fails. */
  onStderr?: (text: string) => void;
  /** The server's prompts or resources changed (their list_changed notifications). */
  onListChanged?: (what: 'prompts' | 'resources') => void;
  /** Declares the elicitation capability and answers `elicitation/create` (only when someone can answer). */
  elicit?: ElicitHandler;
  /** Gives up connecting after this long; default 30 s (Claude Code's MCP_TIMEOUT). */
  timeoutMs?: number;
  /** The OAuth token folder (oauthDir): an HTTP/SSE server that answers 401 uses the tokens kept there. */
  oauthDir?: string;
}

export interface Connection {
  client: McpClient;
  tools: McpToolInfo[];
  /** Server name and version as it reported them. */
  serverInfo: string;
  close(): Promise<void>;
}

async function transportFor(options: ConnectOptions) {
  const { sdk } = await loadSdk();
  const config = options.config;
  // Our own stdio transport: the server in a process group of its own, ended as a group (group-stdio.ts).
  if (config.type === 'stdio')
    return groupStdioTransport(sdk, {
      command: config.command,
      args: config.args,
      env: serverEnv(options.env, config.env),
      cwd: config.cwd ?? options.cwd,
    });
  const requestInit = { headers: { ...config.headers } };
  const auth = authFor(config.url, options.oauthDir);
  if (config.type === 'sse') return new sdk.SSEClientTransport(new URL(config.url), { requestInit, ...auth });
  return new sdk.StreamableHTTPClientTransport(new URL(config.url), { requestInit, ...auth });
}

/** Prompt and resource list changes, refetched by the listener (the SDK's own refetch is off). */
function listChangedOf(on: ConnectOptions['onListChanged']) {
  if (!on) return {};
  const notify = (what: 'prompts' | 'resources') => ({ autoRefresh: false, onChanged: () => on(what) });
  return { prompts: notify('prompts'), resources: notify('resources') };
}

const asTools = (list: readonly unknown[]): McpToolInfo[] => list as McpToolInfo[];

/** Connects, lists the tools, and wires the change and close handlers; rejects with the reason it could not. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const { sdk } = await loadSdk();
  let closing = false;
  const client = new sdk.Client(
    { name: 'coding-harness', version: '0.1.0' },
    {
      capabilities: options.elicit ? { elicitation: { form: {} } } : {},
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error === null && tools) options.onToolsChanged(asTools(tools));
          },
        },
        ...listChangedOf(options.onListChanged),
      },
    },
  );
  const elicit = options.elicit;
  if (elicit)
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      answerElicitation(options.name, elicit, request.params, ctx.mcpReq.signal),
    );
  const transport = await transportFor(options);
  if ('stderr' in transport && transport.stderr && options.onStderr) {
    const onStderr = options.onStderr;
    transport.stderr.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
  }
  client.onclose = () => {
    if (!closing) options.onClosed('the connection closed');
  };
  const timeout = options.timeoutMs ?? 30_000;
  try {
    await client.connect(transport, { timeout });
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    // Only where a login can help (a token folder is configured) is a 401 "needs authentication".
    throw options.oauthDir !== undefined ? asNeedsLogin(error, options.config) : error;
  }
  const listed = client.getServerCapabilities()?.tools ? (await client.listTools(undefined, { timeout })).tools : [];
  const info = client.getServerVersion();
  return {
    client,
    tools: asTools(listed),
    serverInfo: info ? `${info.name} ${info.version}` : 'unknown server',
    async close() {
      closing = true;
      await client.close().catch(() => undefined);
    },
  };
}
