/**
 * Which search reaches the MCP tools that do not fit the budget: the provider's own (the
 * Anthropic API's tool search tool, `tool_search_tool_regex_20251119`: those tools are sent with
 * `defer_loading: true`, stay out of the prompt, and a tool the API's search finds is called by
 * its own name), or, on a model or provider without it, the harness's `mcp_search` / `mcp_call`
 * gateway. `HARNESS_MCP_TOOL_SEARCH=client` keeps the gateway even where the API could search.
 *
 * Deferred definitions do not touch the cached prefix (platform docs, tool-use-with-prompt-caching:
 * a tool the search finds is appended inline as a `tool_reference` in the conversation), so the
 * search tool and the deferred tools are fixed with the rest of the tool list before the first
 * message, as every other tool is.
 */
import type { ModelDescriptor, ToolSpec } from '@coding-harness/model';

/** The API's regex variant: the model writes a pattern over names, descriptions and parameters. */
export const TOOL_SEARCH_SPEC: ToolSpec = {
  name: 'tool_search_tool_regex',
  description: '',
  inputSchema: { type: 'object' },
  server: { type: 'tool_search_tool_regex_20251119' },
};

const MODES = ['api', 'client'] as const;

/** Whether this session uses the provider's tool search for MCP tools over the budget. */
export function apiToolSearch(
  descriptor: Pick<ModelDescriptor, 'provider' | 'capabilities'>,
  env: Readonly<Record<string, string | undefined>>,
  messages: string[],
): boolean {
  const raw = env.HARNESS_MCP_TOOL_SEARCH;
  if (raw !== undefined && raw !== '' && !(MODES as readonly string[]).includes(raw))
    messages.push(`HARNESS_MCP_TOOL_SEARCH=${raw} is not one of ${MODES.join(', ')}; using the default`);
  if (raw === 'client') return false;
  return descriptor.provider === 'anthropic' && descriptor.capabilities.toolSearch === true;
}
