/**
 * The MCP servers of one session, wired to its agent: the servers start in the background as
 * soon as the session is built (nobody waits for them); the two gateway tools (`mcp_search`,
 * `mcp_call`) are in the tool list from the first request whenever a server is configured.
 * Tools that are ready before the conversation's first message are sent in full (within a
 * budget); tools that arrive later are reached through the gateway, and the next turn tells the
 * model which arrived. Every notice goes to the front ends as an event, and `close()` ends every
 * server process and connection.
 */
import type { Agent, Hooks } from '@coding-harness/agent';
import {
  callTool,
  createMcpManager,
  gatewayRegistry,
  oauthDir,
  outputCapFromEnv,
  searchTool,
} from '@coding-harness/mcp';
import type { ConfiguredServer, McpChange, McpManager, ServerStatus } from '@coding-harness/mcp';
import { CREDENTIAL_ENV_NAMES } from '@coding-harness/tools';
import type { ToolSpec } from '@coding-harness/model';
import type { Tool, ToolRegistry } from '@coding-harness/tools';
import { deferredNote } from './deferred-note.js';
import { TOOL_SEARCH_SPEC } from './tool-search.js';
import { createMcpUx } from './prompts-wiring.js';
import type { McpUx } from './prompts-wiring.js';

/** The default budget, in bytes of JSON, for MCP tool definitions sent in full (the rest stay behind the gateway). */
export const MCP_TOOLS_BUDGET_DEFAULT = 30_000;
/** Room for the `cache_control` breakpoint on the last tool of the request. */
const CACHE_MARK_BYTES = 64;
/** Names listed per server in the note about tools that arrived; the rest are counted. */
const NOTE_NAMES = 40;

export interface McpRuntimeOptions {
  servers: readonly ConfiguredServer[];
  env: Readonly<Record<string, string | undefined>>;
  workroot: string;
  /** The user's home: remote servers' OAuth tokens live under its XDG state dir (absent: no OAuth). */
  home?: string;
  /** Where notices go before a front end listens (start-up messages). */
  startupMessages: string[];
  /**
   * The provider searches deferred tools itself (tool-search.ts): tools over the budget are sent
   * deferred with its search tool instead of waiting behind `mcp_search`.
   */
  apiSearch?: boolean;
  /** A front end can answer servers' questions: the elicitation capability is declared. */
  canElicit?: boolean;
}

export interface McpRuntime {
  /** The gateway tools, for the session's registry. */
  readonly tools: readonly Tool<unknown>[];
  /** The provider's tool search tool when `apiSearch` (for the agent's server tools), else none. */
  readonly serverTools: readonly ToolSpec[];
  /** The session registry with the MCP tools behind it. */
  wrap(registry: ToolRegistry): ToolRegistry;
  readonly hooks: Hooks;
  /** The agent to offer early tools to; called once the agent exists (and again after a resume). */
  attach(agent: Agent): void;
  /** Where notices go from now on (the session's events); before it, into the start-up messages. */
  listen(sink: (message: string) => void): void;
  status(): ServerStatus[];
  reconnect(name: string): Promise<boolean>;
  /** The OAuth token folder, when remote servers may log in (oauth-slash.ts). */
  readonly oauthDir?: string;
  /** A configured server by name (its URL for a login). */
  server(name: string): ConfiguredServer | undefined;
  /** Shows a notice now (the session's events) or at start-up. */
  notice(message: string): void;
  /** The harness's environment (a server URL's `${VAR}`s, the opener setting). */
  readonly env: Readonly<Record<string, string | undefined>>;
  close(): Promise<void>;
  /** The servers' prompts, resources and questions (prompts-wiring.ts). */
  readonly ux: McpUx;
}

/** A tool's definition as the request carries it, in bytes of JSON (with the comma that separates it). */
function definitionBytes(tool: Tool<unknown>): number {
  const json = JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
  return Buffer.byteLength(json) + 1;
}

function budgetFromEnv(env: Readonly<Record<string, string | undefined>>, messages: string[]): number {
  const raw = env.HARNESS_MCP_TOOLS_BUDGET;
  if (raw === undefined || raw === '') return MCP_TOOLS_BUDGET_DEFAULT;
  if (/^\d+$/.test(raw)) return Number(raw);
  messages.push(`HARNESS_MCP_TOOLS_BUDGET=${raw} is not a number of bytes; using ${MCP_TOOLS_BUDGET_DEFAULT}`);
  return MCP_TOOLS_BUDGET_DEFAULT;
}

export function createMcpRuntime(options: McpRuntimeOptions): McpRuntime {
  const cap = outputCapFromEnv(options.env);
  if (cap.notice !== undefined) options.startupMessages.push(cap.notice);
  const budget = budgetFromEnv(options.env, options.startupMessages);
  let agent: Agent | undefined;
  let emit: ((message: string) => void) | undefined;
  let registry: ToolRegistry | undefined;
  const promoted = new Set<string>();
  /** Tools sent with `defer_loading` (apiSearch only): the provider's search finds them. */
  const deferred = new Set<string>();
  const apiSearch = options.apiSearch === true;
  const searchBytes = apiSearch
    ? Buffer.byteLength(JSON.stringify({ type: TOOL_SEARCH_SPEC.server?.type, name: TOOL_SEARCH_SPEC.name })) + 1
    : 0;
  /** Tools the model was told of (sent in full or named in a note). */
  const told = new Set<string>();
  /** Deferred tools the model was told it can search for. */
  const announced = new Set<string>();
  const notice = (message: string): void => {
    if (emit) emit(message);
    else options.startupMessages.push(message);
  };
  const promote = (): void => {
    if (!agent || !registry || agent.busy || agent.messages().length > 0) return;
    const fresh = manager.tools().filter((t) => !promoted.has(t.name) && !deferred.has(t.name));
    // The budget covers every MCP definition the prompt shows: the gateway's two, the search
    // tool, those sent in full, and the cache breakpoint the last of them carries. Deferred
    // definitions are not shown (the provider keeps them for its search).
    let size =
      CACHE_MARK_BYTES +
      searchBytes +
      [...gateway, ...manager.tools().filter((t) => promoted.has(t.name))].reduce((n, t) => n + definitionBytes(t), 0);
    const names: string[] = [];
    const hidden: string[] = [];
    for (const tool of fresh) {
      size += definitionBytes(tool);
      if (size > budget || hidden.length > 0) {
        if (!apiSearch) break;
        hidden.push(tool.name);
      } else names.push(tool.name);
    }
    if (names.length === 0 && hidden.length === 0) return;
    for (const name of names) promoted.add(name);
    for (const name of hidden) deferred.add(name);
    const problems = agent.addTools({ registry, names: [...names, ...hidden] });
    for (const name of [...names, ...hidden]) if (!problems.some((p) => p.includes(name))) told.add(name);
  };
  const onChange = (change: McpChange): void => {
    ux.onChange(change);
    if (change.type === 'state') notice(change.notice);
    else {
      for (const problem of change.problems) notice(`MCP: ${problem}`);
      promote();
    }
  };
  const ux: McpUx = createMcpUx(
    {
      servers: () => options.servers.map((s) => s.name),
      client: (name) => manager.client(name),
      settled: (name) => manager.settled(name),
    },
    { maxOutputTokens: cap.maxTokens, canElicit: options.canElicit ?? false },
  );
  const tokens = options.home !== undefined ? oauthDir(options.env, options.home) : undefined;
  const manager: McpManager = createMcpManager({
    servers: options.servers,
    ...(tokens !== undefined ? { oauthDir: tokens } : {}),
    env: options.env,
    refusedVars: CREDENTIAL_ENV_NAMES,
    cwd: options.workroot,
    maxOutputTokens: cap.maxTokens,
    onChange,
    onListChanged: (server, what) => ux.onListChanged(server, what),
    ...(ux.elicitation ? { elicit: ux.elicitation.handler } : {}),
  });
  const source = {
    tools: () => manager.tools(),
    settled: (server?: string) => manager.settled(server),
    servers: () => options.servers.map((s) => s.name),
  };
  const gateway = [searchTool(source), callTool(source)] as Tool<unknown>[];
  // In the background: the first prompt never waits on a server.
  void manager.start();
  const hooks: Hooks = {
    name: 'mcp',
    beforeTurn() {
      const note = deferredNote(deferred, announced);
      const arrived = manager.tools().filter((t) => !told.has(t.name));
      if (arrived.length === 0) return note === undefined ? undefined : { context: [note] };
      for (const tool of arrived) told.add(tool.name);
      const byServer = new Map<string, string[]>();
      for (const tool of arrived) {
        const server = tool.name.split('__')[1] ?? '';
        byServer.set(server, [...(byServer.get(server) ?? []), tool.name]);
      }
      const lines = [...byServer].map(([server, names]) => {
        const shown = names.slice(0, NOTE_NAMES).join(', ');
        const more = names.length > NOTE_NAMES ? ` and ${names.length - NOTE_NAMES} more` : '';
        return `- ${server}: ${shown}${more}`;
      });
      return {
        context: [
          ...(note === undefined ? [] : [note]),
          `MCP tools are available through mcp_call (mcp_search gives their input schemas):\n${lines.join('\n')}`,
        ],
      };
    },
  };
  return {
    tools: options.servers.length > 0 ? gateway : [],
    serverTools: apiSearch && options.servers.length > 0 ? [TOOL_SEARCH_SPEC] : [],
    wrap(base) {
      registry = gatewayRegistry(
        base,
        source,
        () => promoted,
        () => deferred,
      );
      return registry;
    },
    hooks,
    attach(next) {
      agent = next;
      promote();
    },
    listen(sink) {
      emit = sink;
    },
    status: () => manager.status(),
    reconnect: (name) => manager.reconnect(name),
    ...(tokens !== undefined ? { oauthDir: tokens } : {}),
    server: (name) => options.servers.find((s) => s.name === name),
    notice,
    env: options.env,
    close: async () => {
      ux.elicitation?.cancelAll();
      await manager.close();
    },
    ux,
  };
}
