/**
 * Two tools that stand for every MCP tool the `tools` list does not carry: `mcp_search` finds
 * them (names, descriptions, annotations and input schemas), `mcp_call` calls one by its
 * `mcp__<server>__<tool>` name. They are in the list from the session's first request whenever a
 * server is configured, so their bytes never change: tools that arrive after the conversation
 * began (a slow server, `tools/list_changed`), or that would make the request too big, are
 * reached through them without editing the tools already sent (earlier thinking stays bound to
 * the same prefix, the prompt cache stays valid).
 *
 * A call through `mcp_call` is judged as the tool it calls: `gatewayRegistry` resolves it to that
 * tool before approval, so its kind, rules (`mcp__github__create_issue`, `mcp__github`),
 * annotations and summary apply as if the model had called it directly.
 */
import { prepareCall } from '@coding-harness/tools';
import type { Tool, ToolDefinition, ToolRegistry, ToolRuleEntry } from '@coding-harness/tools';
import { ruleEntryOf } from '@coding-harness/tools';
import { serverRuleName } from './names.js';

export const SEARCH_TOOL = 'mcp_search';
export const CALL_TOOL = 'mcp_call';
const SEARCH_LIMIT = 10;
const NO_NAMES: ReadonlySet<string> = new Set();

/** What the gateway reads: the current MCP tools, and a wait for servers still starting. */
export interface GatewaySource {
  tools(): readonly Tool<Record<string, unknown>>[];
  /** Resolves once `server` (all when absent) has connected or failed. */
  settled(server?: string): Promise<void>;
  /** The configured server names (a call naming one still starting waits for it). */
  servers(): readonly string[];
}

const text = (t: string) => [{ type: 'text' as const, text: t }];

/** Lower-case words of a query, for matching names and descriptions. */
const words = (q: string): string[] =>
  q
    .toLowerCase()
    .split(/[^a-z0-9_-]+/)
    .filter(Boolean);

/** The tools a query matches best: every query word counts, a name hit twice a description hit. */
export function searchTools(tools: readonly Tool<unknown>[], query: string, limit = SEARCH_LIMIT): Tool<unknown>[] {
  const q = words(query);
  if (q.length === 0) return tools.slice(0, limit);
  const scored = tools.map((tool) => {
    const name = tool.name.toLowerCase();
    const description = tool.description.toLowerCase();
    const score = q.reduce((n, w) => n + (name.includes(w) ? 2 : 0) + (description.includes(w) ? 1 : 0), 0);
    return { tool, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.tool);
}

function describeTool(tool: Tool<unknown>): string {
  return `${tool.name}${tool.kind === 'read' ? ' (read-only)' : ''}\n${tool.description}\ninput schema: ${JSON.stringify(tool.inputSchema)}`;
}

/** `mcp_search`: finds MCP tools by words of their name or description. */
export function searchTool(source: GatewaySource): Tool<{ query: string }> {
  return {
    name: SEARCH_TOOL,
    description:
      'Finds tools of the connected MCP servers that are not in your tool list: give words of what you need (or a server name); returns each match with its input schema. Call a match with mcp_call.',
    kind: 'read',
    ruleNames: [],
    pathFields: [],
    specifier: 'none',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Words of the tool name or what it does' } },
      required: ['query'],
      additionalProperties: false,
    },
    validate: (raw) =>
      typeof raw === 'object' && raw !== null && typeof (raw as { query?: unknown }).query === 'string'
        ? { ok: true, input: { query: (raw as { query: string }).query } }
        : { ok: false, message: 'mcp_search needs {"query": "<words>"}' },
    summarize: (input) => `mcp_search ${input.query}`,
    permission: () => ({}),
    async execute(input, ctx) {
      // Servers still starting are waited for (each is bounded by its connection timeout).
      await Promise.race([source.settled(), new Promise((resolve) => ctx.signal.addEventListener('abort', resolve))]);
      const all = source.tools();
      const found = searchTools(all, input.query);
      if (found.length === 0)
        return {
          content: text(`no MCP tool matches "${input.query}" (${all.length} tools available: try other words)`),
          display: 'no match',
          isError: false,
        };
      return {
        content: text(found.map(describeTool).join('\n\n')),
        display: `${found.length} tool${found.length === 1 ? '' : 's'}`,
        isError: false,
      };
    },
  };
}

interface CallInput {
  tool: string;
  arguments: Record<string, unknown>;
}

function parseCall(raw: unknown): CallInput | string {
  if (typeof raw !== 'object' || raw === null)
    return 'mcp_call needs {"tool": "mcp__<server>__<tool>", "arguments": {...}}';
  const { tool, arguments: args } = raw as { tool?: unknown; arguments?: unknown };
  if (typeof tool !== 'string') return 'mcp_call needs "tool": the mcp__<server>__<tool> name mcp_search gave';
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    return '"arguments" must be a JSON object';
  return { tool, arguments: (args ?? {}) as Record<string, unknown> };
}

/**
 * `mcp_call`: calls an MCP tool by name. Run on its own (outside `gatewayRegistry`) it still
 * validates through the tool, and it is `exec` kind: it asks.
 */
export function callTool(source: GatewaySource): Tool<CallInput> {
  const find = (name: string) => source.tools().find((t) => t.name === name);
  return {
    name: CALL_TOOL,
    description:
      'Calls a tool of a connected MCP server by its full name (mcp__<server>__<tool>, as mcp_search or a harness note gave it) with its arguments.',
    kind: 'exec',
    ruleNames: [],
    pathFields: [],
    specifier: 'none',
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', description: 'The full tool name, mcp__<server>__<tool>' },
        arguments: { type: 'object', description: "The tool's input, as its schema says" },
      },
      required: ['tool'],
      additionalProperties: false,
    },
    validate(raw) {
      const call = parseCall(raw);
      if (typeof call === 'string') return { ok: false, message: call };
      const tool = find(call.tool);
      if (tool === undefined) return { ok: false, message: `no MCP tool ${call.tool} (mcp_search finds them)` };
      const inner = tool.validate(call.arguments);
      return inner.ok ? { ok: true, input: { tool: call.tool, arguments: inner.input } } : inner;
    },
    summarize: (input) => find(input.tool)?.summarize(input.arguments) ?? `mcp_call ${input.tool}`,
    permission: (input) => ({ target: input.tool }),
    async execute(input, ctx, opts) {
      const tool = find(input.tool);
      if (tool === undefined)
        return {
          content: text(`no MCP tool ${input.tool}`),
          display: 'no such tool',
          isError: true,
          errorCode: 'not_found',
        };
      return tool.execute(input.arguments, ctx, opts);
    },
  };
}

/**
 * A stand-in for a tool of a server that is still starting (`mcp__<server>__<tool>` of a
 * configured server, not listed yet): `exec` kind (it asks, rules by name and server apply),
 * and its run waits for the server, then validates and runs the real tool, or says it has none.
 */
function awaiting(source: GatewaySource, name: string): Tool<unknown> | undefined {
  const server = source.servers().find((s) => name.startsWith(`${serverRuleName(s)}__`));
  if (server === undefined) return undefined;
  return {
    name,
    description: '',
    kind: 'exec',
    ruleNames: [],
    pathFields: [],
    specifier: 'none',
    ruleGroup: serverRuleName(server),
    inputSchema: { type: 'object' },
    validate: (raw) =>
      typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? { ok: true, input: raw }
        : { ok: false, message: `${name}: the input must be a JSON object` },
    summarize: (input) => `${name} ${JSON.stringify(input)}`,
    permission: () => ({ target: name }),
    async execute(input, ctx, opts) {
      await source.settled(server);
      const tool = source.tools().find((t) => t.name === name);
      if (tool === undefined)
        return {
          content: text(`MCP server ${server} has no tool ${name} (or it failed to start: see /mcp)`),
          display: 'no such tool',
          isError: true,
          errorCode: 'not_found',
        };
      const checked = tool.validate(input);
      if (!checked.ok)
        return { content: text(checked.message), display: 'invalid input', isError: true, errorCode: 'invalid_input' };
      return tool.execute(checked.input, ctx, opts);
    },
  };
}

/**
 * The session's registry with the MCP tools behind it: `mcp_call` is prepared as the tool it
 * names (approval sees that tool), `get` and `prepare` also know every current MCP tool by name,
 * `definitions()` adds the tools `promoted` (sent in full from the start) and those `deferred`
 * (sent with `defer_loading: true` for the provider's tool search to find), and `ruleNames()`
 * adds the MCP tools' rule entries.
 */
export function gatewayRegistry(
  base: ToolRegistry,
  source: GatewaySource,
  promoted: () => ReadonlySet<string>,
  deferred: () => ReadonlySet<string> = () => NO_NAMES,
): ToolRegistry {
  const mcpTools = () => source.tools();
  let cachedTools: readonly Tool<unknown>[] | undefined;
  let cachedRules: readonly ToolRuleEntry[] = base.ruleNames();
  const rules = (): readonly ToolRuleEntry[] => {
    const tools = mcpTools();
    if (tools !== cachedTools) {
      cachedTools = tools;
      const have = new Set(base.ruleNames().map((e) => e.name));
      cachedRules = Object.freeze([...base.ruleNames(), ...tools.filter((t) => !have.has(t.name)).map(ruleEntryOf)]);
    }
    return cachedRules;
  };
  const mcp = (name: string): Tool<unknown> | undefined =>
    (mcpTools().find((t) => t.name === name) as Tool<unknown> | undefined) ?? awaiting(source, name);
  return {
    get tools() {
      return [...base.tools, ...mcpTools()];
    },
    get: (name) => base.get(name) ?? mcp(name),
    definitions(): ToolDefinition[] {
      const shown = promoted();
      const hidden = deferred();
      const extra = mcpTools().filter((t) => shown.has(t.name) || hidden.has(t.name));
      return [
        ...base.definitions(),
        ...extra.map((t): ToolDefinition => {
          const definition = { name: t.name, description: t.description, input_schema: t.inputSchema };
          return hidden.has(t.name) && !shown.has(t.name) ? { ...definition, defer_loading: true } : definition;
        }),
      ];
    },
    ruleNames: rules,
    prepare(name, raw, ctx) {
      if (name === CALL_TOOL) {
        const call = parseCall(raw);
        const tool = typeof call === 'string' ? undefined : mcp(call.tool);
        if (typeof call !== 'string' && tool !== undefined) return prepareCall(tool, call.arguments, ctx);
      }
      const own = base.get(name);
      if (own === undefined) {
        const tool = mcp(name);
        if (tool !== undefined) return prepareCall(tool, raw, ctx);
      }
      return base.prepare(name, raw, ctx);
    },
  };
}
