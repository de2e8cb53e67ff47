/**
 * The servers of one session: started together in the background (nobody waits for a slow one),
 * each with a state `/mcp` shows, its tools as contract tools, and one `close()` that ends every
 * process and connection. A server that fails to start or goes away is a state and a notice,
 * never an exception reaching the session.
 */
import type { Tool } from '@coding-harness/tools';
import { expandServer } from './config/expand.js';
import type { ConfiguredServer } from './config/types.js';
import { connect } from './connection.js';
import type { Connection, McpToolInfo } from './connection.js';
import type { ElicitHandler } from './elicitation.js';
import type { McpClient } from './sdk.js';
import { loadSdk } from './sdk.js';
import { needsLogin } from './oauth-errors.js';
import { adaptTool } from './tool-adapter.js';
import type { SchemaCheck } from './tool-adapter.js';

/** `needs-auth`: an HTTP/SSE server that wants an OAuth login (`/mcp login NAME`). */
export type ServerState = 'pending' | 'connected' | 'failed' | 'closed' | 'needs-auth';

/** One server as `/mcp` shows it. */
export interface ServerStatus {
  name: string;
  scope: ConfiguredServer['scope'];
  source: string;
  transport: 'stdio' | 'http' | 'sse';
  state: ServerState;
  toolCount: number;
  /** Why it failed or closed, naming the server's config. */
  error?: string;
  /** The server's name and version as it reported them (once connected). */
  serverInfo?: string;
}

/** What changed, for the session: new tools to offer, a notice to show. */
export type McpChange =
  | { type: 'tools'; server: string; tools: Tool<Record<string, unknown>>[]; problems: string[] }
  | { type: 'state'; server: string; status: ServerStatus; notice: string };

export interface ManagerOptions {
  servers: readonly ConfiguredServer[];
  /** The harness's environment: `${VAR}` expansion and a stdio server's base environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** Variables never expanded into a config (the harness's credentials). */
  refusedVars: readonly string[];
  /** The work root: where a stdio server runs unless its config names a `cwd`. */
  cwd: string;
  maxOutputTokens: number;
  onChange: (change: McpChange) => void;
  /** Connection (initialize and tools/list) limit per server; default 30 s. */
  timeoutMs?: number;
  /** A server's prompts or resources changed (prompts*.ts and resources*.ts refetch them). */
  onListChanged?: (server: string, what: 'prompts' | 'resources') => void;
  /** Answers servers' `elicitation/create` requests; absent: the capability is not declared. */
  elicit?: ElicitHandler;
  /** The OAuth token folder (oauthDir); absent: remote servers get no OAuth. */
  oauthDir?: string;
}

export interface McpManager {
  /** Starts every server at once, in the background; resolves when each has connected or failed. */
  start(): Promise<void>;
  status(): ServerStatus[];
  /** The tools of every server that connected (a call to one that went away fails, naming /mcp), in server order. */
  tools(): Tool<Record<string, unknown>>[];
  /**
   * Resolves once `server` (every server when absent) has connected or failed: what a call to a
   * tool of a server still starting waits on. Resolves at once for a name that is not configured.
   */
  settled(server?: string): Promise<void>;
  /** Ends the server's connection if any and starts it again; false when no server has that name. */
  reconnect(name: string): Promise<boolean>;
  /** The live client of a connected server (prompts, resources), else undefined. */
  client(name: string): McpClient | undefined;
  /** Ends every connection and server process; later changes are not reported. */
  close(): Promise<void>;
}

interface Live {
  server: ConfiguredServer;
  /** The current start attempt (`start` or `reconnect`). */
  starting?: Promise<void>;
  status: ServerStatus;
  connection?: Connection;
  tools: Tool<Record<string, unknown>>[];
}

const STDERR_KEEP = 2_000;

async function schemaCheck(): Promise<SchemaCheck> {
  const { ajv } = await loadSdk();
  const validator = new ajv.AjvJsonSchemaValidator();
  return (schema) => {
    try {
      const run = validator.getValidator(schema as never);
      return (value) => {
        const r = run(value);
        return r.valid ? undefined : (r.errorMessage ?? 'the input does not match the tool schema');
      };
    } catch {
      // A schema Ajv cannot compile: the server checks the input itself (it rejects what it cannot take).
      return undefined;
    }
  };
}

export function createMcpManager(options: ManagerOptions): McpManager {
  let closed = false;
  /** The current tool list, the same array until something changes (rule tables are cached per array). */
  let current: Tool<Record<string, unknown>>[] = [];
  const refresh = (): void => {
    // A server that went away keeps its tools listed: a call then says it is not connected (and how to reconnect).
    current = live.flatMap((entry) => entry.tools);
  };
  const live: Live[] = options.servers.map((server) => ({
    server,
    tools: [],
    status: {
      name: server.name,
      scope: server.scope,
      source: server.source,
      transport: server.config.type,
      state: 'pending',
      toolCount: 0,
    },
  }));
  const setState = (entry: Live, state: ServerState, notice: string, error?: string): void => {
    refresh();
    const { error: _old, ...rest } = entry.status;
    entry.status = { ...rest, state, ...(error !== undefined ? { error } : {}) };
    if (!closed) options.onChange({ type: 'state', server: entry.server.name, status: entry.status, notice });
  };
  const offer = (entry: Live, infos: McpToolInfo[], check: SchemaCheck): void => {
    const problems: string[] = [];
    const tools: Tool<Record<string, unknown>>[] = [];
    for (const info of infos) {
      const made = adaptTool(info, {
        server: entry.server.name,
        client: () => entry.connection?.client,
        check,
        maxOutputTokens: options.maxOutputTokens,
      });
      if (typeof made === 'string') problems.push(made);
      else tools.push(made);
    }
    entry.tools = tools;
    entry.status = { ...entry.status, toolCount: tools.length };
    refresh();
    if (!closed) options.onChange({ type: 'tools', server: entry.server.name, tools, problems });
  };
  const startOne = async (entry: Live): Promise<void> => {
    const where = `MCP server ${entry.server.name} (${entry.server.source})`;
    const expanded = expandServer(entry.server.config, options.env, options.refusedVars);
    if (!expanded.ok) return setState(entry, 'failed', `${where}: ${expanded.message}; not started`, expanded.message);
    let stderr = '';
    try {
      const check = await schemaCheck();
      const connection = await connect({
        name: entry.server.name,
        config: expanded.config,
        env: options.env,
        cwd: options.cwd,
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        onStderr: (text) => {
          stderr = (stderr + text).slice(-STDERR_KEEP);
        },
        onToolsChanged: (infos) => offer(entry, infos, check),
        ...(options.onListChanged ? { onListChanged: (what) => options.onListChanged?.(entry.server.name, what) } : {}),
        ...(options.elicit ? { elicit: options.elicit } : {}),
        ...(options.oauthDir !== undefined ? { oauthDir: options.oauthDir } : {}),
        onClosed: (why) => {
          entry.connection = undefined;
          const tail =
            stderr.trim() === '' ? '' : `; its last output: ${stderr.trim().split('\n').slice(-3).join(' | ')}`;
          setState(
            entry,
            'closed',
            `${where} stopped: ${why}${tail}; its tools fail until /mcp reconnect ${entry.server.name}`,
            why,
          );
        },
      });
      if (closed) return void (await connection.close());
      entry.connection = connection;
      refresh();
      entry.status = { ...entry.status, serverInfo: connection.serverInfo };
      offer(entry, connection.tools, check);
      setState(
        entry,
        'connected',
        `${where}: connected, ${entry.tools.length} tool${entry.tools.length === 1 ? '' : 's'}`,
      );
    } catch (error) {
      if (needsLogin(error))
        return setState(
          entry,
          'needs-auth',
          `${where} needs login: run /mcp login ${entry.server.name} and authenticate`,
          `the server wants an OAuth login: /mcp login ${entry.server.name}`,
        );
      const why = error instanceof Error ? error.message : String(error);
      const tail = stderr.trim() === '' ? '' : ` (stderr: ${stderr.trim().split('\n').slice(-3).join(' | ')})`;
      setState(entry, 'failed', `${where} failed to start: ${why}${tail}`, `${why}${tail}`);
    }
  };
  return {
    start: async () => {
      await Promise.all(
        live.map((entry) => {
          entry.starting = startOne(entry);
          return entry.starting;
        }),
      );
    },
    async settled(server) {
      const entries = live.filter((e) => server === undefined || e.server.name === server);
      await Promise.all(entries.map((e) => e.starting));
    },
    status: () => live.map((entry) => ({ ...entry.status })),
    async reconnect(name) {
      const entry = live.find((e) => e.server.name === name);
      if (entry === undefined || closed) return false;
      const old = entry.connection;
      entry.connection = undefined;
      await old?.close();
      entry.status = { ...entry.status, state: 'pending' };
      entry.starting = startOne(entry);
      await entry.starting;
      return true;
    },
    tools: () => current,
    client: (name) => live.find((e) => e.server.name === name)?.connection?.client,
    async close() {
      closed = true;
      await Promise.all(live.map((entry) => entry.connection?.close()));
      for (const entry of live) entry.connection = undefined;
      refresh();
    },
  };
}
