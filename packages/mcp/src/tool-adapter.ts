/**
 * A server's tool as a tool of the open contract: its JSON Schema sent as the server gave it,
 * calls validated against that schema (the SDK's bundled Ajv, loaded with the SDK), `exec` kind
 * (asks) unless the server marks it read-only, its annotations in the one-line summary people
 * approve, and its result as parts (result.ts).
 */
import type { Tool, ToolResult, Validation } from '@coding-harness/tools';
import type { McpToolInfo } from './connection.js';
import { mcpToolName, serverRuleName } from './names.js';
import { resultParts } from './result.js';
import type { McpClient } from './sdk.js';

/** Checks a value against a schema: the SDK's validator, or undefined when the schema does not compile. */
export type SchemaCheck = (schema: McpToolInfo['inputSchema']) => ((value: unknown) => string | undefined) | undefined;

export interface AdapterOptions {
  server: string;
  /** The live client; the call fails with a message naming the server once it is gone. */
  client: () => McpClient | undefined;
  check: SchemaCheck;
  /** Output cap in tokens (MAX_MCP_OUTPUT_TOKENS). */
  maxOutputTokens: number;
  /** Per-call limit; default 10 minutes (a long-running tool reports progress, it does not hang the turn forever). */
  callTimeoutMs?: number;
}

const SUMMARY_INPUT_CHARS = 160;

/** The annotations worth a person's attention before saying yes. */
export function annotationWords(info: McpToolInfo): string[] {
  const a = info.annotations ?? {};
  return [
    ...(a.readOnlyHint === true ? ['read-only'] : []),
    ...(a.destructiveHint === true && a.readOnlyHint !== true ? ['destructive'] : []),
    ...(a.openWorldHint === true ? ['open-world'] : []),
  ];
}

function failed(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], display: message, isError: true, errorCode: 'failed' };
}

/** The tool, or a message saying why the server's tool cannot be offered. */
export function adaptTool(info: McpToolInfo, options: AdapterOptions): Tool<Record<string, unknown>> | string {
  const name = mcpToolName(options.server, info.name);
  if (name === undefined)
    return `tool ${info.name} of server ${options.server}: mcp__${options.server}__${info.name} is longer than the 64 characters the API takes; not offered`;
  if (typeof info.inputSchema !== 'object' || info.inputSchema === null || info.inputSchema.type !== 'object')
    return `tool ${info.name} of server ${options.server}: its inputSchema is not an object schema; not offered`;
  const checker = options.check(info.inputSchema);
  const words = annotationWords(info);
  const tag = words.length > 0 ? ` [${words.join(', ')}]` : '';
  const timeout = options.callTimeoutMs ?? 600_000;
  return {
    name,
    description: info.description ?? info.title ?? info.annotations?.title ?? '',
    kind: info.annotations?.readOnlyHint === true ? 'read' : 'exec',
    ruleNames: [],
    pathFields: [],
    specifier: 'none',
    ruleGroup: serverRuleName(options.server),
    inputSchema: info.inputSchema,
    validate(raw: unknown): Validation<Record<string, unknown>> {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
        return { ok: false, message: `${name}: the input must be a JSON object` };
      const problem = checker?.(raw);
      if (problem !== undefined) return { ok: false, message: `${name}: ${problem}` };
      return { ok: true, input: raw as Record<string, unknown> };
    },
    summarize(input) {
      const json = JSON.stringify(input);
      const shown = json.length > SUMMARY_INPUT_CHARS ? `${json.slice(0, SUMMARY_INPUT_CHARS)}…` : json;
      return `${name}${tag} ${shown}`;
    },
    permission: () => ({ target: name }),
    async execute(input, ctx) {
      const client = options.client();
      if (client === undefined) return failed(`MCP server ${options.server} is not connected (see /mcp)`);
      try {
        const result = await client.callTool(
          { name: info.name, arguments: input },
          { signal: ctx.signal, timeout: timeout, resetTimeoutOnProgress: true },
        );
        const content = resultParts(result as Record<string, unknown>, options.maxOutputTokens);
        const isError = result.isError === true;
        return {
          content,
          display: isError ? `${options.server}: the tool reported an error` : `${options.server}: ${info.name} done`,
          isError,
          ...(isError ? { errorCode: 'failed' as const } : {}),
        };
      } catch (error) {
        if (ctx.signal.aborted) return { ...failed(`${name}: cancelled`), errorCode: 'cancelled' };
        return failed(`${name}: the call failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
