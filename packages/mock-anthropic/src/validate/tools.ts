/**
 * The `tools` array checked as the real API checks it: unique names, a custom tool's name and
 * `input_schema`, and the two server tools the harness may send, field by field: web search
 * (`web_search_20250305`, name `web_search`) and web fetch (`web_fetch_20250910`, name
 * `web_fetch`, which needs its opt-in header `web-fetch-2025-09-10`), and the tool search tools
 * (`tool_search_tool_regex_20251119` / `_bm25_20251119`, deferred loading in ../tool-search.ts). `max_uses` and
 * `max_content_tokens` are positive integers, `allowed_domains` and `blocked_domains` lists of
 * hosts without a scheme, never both. Any other tool `type` is refused, so a lenient pass cannot
 * hide a malformed definition.
 */
import type { ApiErrorResponse } from '../errors.js';
import { invalid } from '../errors.js';
import { isRecord } from '../tokens.js';
import type { RequestHeaders } from './headers.js';

export const WEB_FETCH_BETA = 'web-fetch-2025-09-10';

const COMMON = [
  'type',
  'name',
  'max_uses',
  'allowed_domains',
  'blocked_domains',
  'cache_control',
  'allowed_callers',
  'defer_loading',
  'strict',
];
const SERVER_TOOLS: Record<string, { name: string; fields: ReadonlySet<string>; beta?: string }> = {
  web_search_20250305: { name: 'web_search', fields: new Set([...COMMON, 'user_location']) },
  web_fetch_20250910: {
    name: 'web_fetch',
    fields: new Set([...COMMON, 'citations', 'max_content_tokens']),
    beta: WEB_FETCH_BETA,
  },
  // The tool search tools (GA): only the common fields; defer_loading is refused on them in tool-search.ts.
  tool_search_tool_regex_20251119: {
    name: 'tool_search_tool_regex',
    fields: new Set(['type', 'name', 'cache_control', 'allowed_callers', 'defer_loading', 'strict']),
  },
  tool_search_tool_bm25_20251119: {
    name: 'tool_search_tool_bm25',
    fields: new Set(['type', 'name', 'cache_control', 'allowed_callers', 'defer_loading', 'strict']),
  },
};
const CUSTOM_FIELDS = new Set([
  'type',
  'name',
  'description',
  'input_schema',
  'cache_control',
  'defer_loading',
  'strict',
  'input_examples',
  'eager_input_streaming',
]);
const NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/** The first problem with `tools`, or undefined. */
export function checkTools(tools: unknown, headers: RequestHeaders): ApiErrorResponse | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return invalid('tools: Input should be a valid list');
  const names = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (!isRecord(tool)) return invalid(`tools.${i}: Input should be a valid dictionary`);
    const error =
      tool.type === undefined || tool.type === 'custom' ? customTool(tool, i) : serverTool(tool, i, headers);
    if (error) return error;
    const name = String(tool.name);
    if (names.has(name)) return invalid(`tools: Tool names must be unique. Duplicate name: ${name}`);
    names.add(name);
  }
  return undefined;
}

function customTool(tool: Record<string, unknown>, i: number): ApiErrorResponse | undefined {
  if (typeof tool.name !== 'string' || !NAME.test(tool.name))
    return invalid(`tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
  if (!isRecord(tool.input_schema)) return invalid(`tools.${i}.custom.input_schema: Field required`);
  const extra = Object.keys(tool).find((k) => !CUSTOM_FIELDS.has(k));
  return extra ? invalid(`tools.${i}.custom.${extra}: Extra inputs are not permitted`) : undefined;
}

function serverTool(tool: Record<string, unknown>, i: number, headers: RequestHeaders): ApiErrorResponse | undefined {
  const type = String(tool.type);
  const def = SERVER_TOOLS[type];
  if (!def)
    return invalid(
      `tools.${i}: Input tag '${type}' found using 'type' does not match any of the expected tags: 'custom', ${Object.keys(
        SERVER_TOOLS,
      )
        .map((t) => `'${t}'`)
        .join(', ')}`,
    );
  const at = `tools.${i}.${type}`;
  if (tool.name !== def.name) return invalid(`${at}.name: Input should be '${def.name}'`);
  if (def.beta && !headers.betas.has(def.beta))
    return invalid(`${at}: this tool requires the anthropic-beta header "${def.beta}"`);
  const extra = Object.keys(tool).find((k) => !def.fields.has(k));
  if (extra) return invalid(`${at}.${extra}: Extra inputs are not permitted`);
  for (const key of ['max_uses', 'max_content_tokens'])
    if (tool[key] !== undefined && tool[key] !== null && !(Number.isInteger(tool[key]) && (tool[key] as number) > 0))
      return invalid(`${at}.${key}: Input should be greater than 0`);
  if (tool.allowed_domains != null && tool.blocked_domains != null)
    return invalid(`${at}: Cannot specify both allowed_domains and blocked_domains`);
  for (const key of ['allowed_domains', 'blocked_domains']) {
    const list = tool[key];
    if (list == null) continue;
    if (!Array.isArray(list) || !list.every((d) => typeof d === 'string' && d !== ''))
      return invalid(`${at}.${key}: Input should be a valid list of strings`);
    const bad = list.find((d: string) => /^[a-z]+:\/\//i.test(d) || /\s/.test(d));
    if (bad !== undefined) return invalid(`${at}.${key}: "${bad}" is not a domain (leave out the scheme)`);
  }
  if (tool.citations != null && !(isRecord(tool.citations) && typeof tool.citations.enabled === 'boolean'))
    return invalid(`${at}.citations.enabled: Input should be a valid boolean`);
  return undefined;
}
