/**
 * The API's tool search tool as the mock runs it (platform docs, agents-and-tools/tool-use/
 * tool-search-tool; GA, no beta header: tool-reference lists it so). Tools marked
 * `defer_loading: true` are not shown to the model; a scripted `tool_search` block becomes the
 * call (`server_tool_use` named after the request's search tool) and its result
 * (`tool_search_tool_result` holding `tool_reference`s), and only a deferred tool a search
 * referenced (in this reply or earlier in the conversation) may be called: a script that calls
 * one the model could not have seen is a script error, never a lenient pass.
 *
 * Request checks (`checkToolSearch`): the search tool is never deferred itself, at least one
 * tool is not deferred, and every `tool_reference` in the messages names a tool of the request.
 */
import type { ApiErrorResponse } from './errors.js';
import { apiError, invalid } from './errors.js';
import { randomId } from './ids.js';
import { isRecord } from './tokens.js';
import type { ScriptBlock } from './types.js';

/** The tool search tools by type, with the name the API requires for each. */
export const TOOL_SEARCH_TYPES: Readonly<Record<string, string>> = {
  tool_search_tool_regex_20251119: 'tool_search_tool_regex',
  tool_search_tool_bm25_20251119: 'tool_search_tool_bm25',
};
/** Most references one search returns (the docs say a search loads 3-5 tools; the exact cap is unconfirmed). */
export const SEARCH_RESULTS_MAX = 5;
/** The docs' limit on a regex query's length. */
const REGEX_MAX = 200;

type ReplyBlock = { type: string } & Record<string, unknown>;
type ToolSearchBlock = Extract<ScriptBlock, { type: 'tool_search' }>;

/** What a reply needs to know of the request's deferred tools and its search tool. */
export interface ToolSearchState {
  /** The request's search tool (`type`, `name`), if it offers one. */
  search: { type: string; name: string } | undefined;
  /** Deferred tools by name: the text a search matches (name, description, parameter names). */
  deferred: ReadonlyMap<string, string>;
  /** Deferred tools a search has referenced (earlier in the conversation, or in this reply). */
  referenced: Set<string>;
}

/** The `tool_reference` names anywhere in `messages` (search results and client-side `tool_result`s). */
function referencesIn(messages: unknown): string[] {
  const names: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v);
    else if (isRecord(value)) {
      if (value.type === 'tool_reference' && typeof value.tool_name === 'string') names.push(value.tool_name);
      for (const v of Object.values(value)) if (typeof v === 'object') visit(v);
    }
  };
  visit(messages);
  return names;
}

export function toolSearchState(tools: unknown, messages: unknown): ToolSearchState {
  let search: ToolSearchState['search'];
  const deferred = new Map<string, string>();
  for (const tool of Array.isArray(tools) ? tools : []) {
    if (!isRecord(tool)) continue;
    if (typeof tool.type === 'string' && tool.type in TOOL_SEARCH_TYPES)
      search = { type: tool.type, name: String(tool.name) };
    else if (tool.defer_loading === true) {
      const params = isRecord(tool.input_schema) ? JSON.stringify(tool.input_schema) : '';
      deferred.set(String(tool.name), `${String(tool.name)}\n${String(tool.description ?? '')}\n${params}`);
    }
  }
  return { search, deferred, referenced: new Set(referencesIn(messages).filter((n) => deferred.has(n))) };
}

/** The request's problem with deferred loading, or undefined (run after `checkTools`). */
export function checkToolSearch(tools: unknown, messages: unknown): ApiErrorResponse | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const records = tools.filter(isRecord);
  for (const [i, tool] of records.entries())
    if (typeof tool.type === 'string' && tool.type in TOOL_SEARCH_TYPES && tool.defer_loading === true)
      return invalid(`tools.${i}.${tool.type}.defer_loading: the tool search tool cannot be deferred`);
  if (records.every((t) => t.defer_loading === true))
    return invalid('tools: All tools have defer_loading set. At least one tool must not be deferred.');
  const names = new Set(records.map((t) => String(t.name)));
  const unknown = referencesIn(messages).find((n) => !names.has(n));
  return unknown === undefined
    ? undefined
    : apiError(
        'invalid_request_error',
        `Tool reference '${unknown}' has no corresponding tool definition in tools`,
        {},
        400,
        'tool_reference_unresolved',
      );
}

/** The deferred tools a search for `query` finds: scripted names as given, else the mock's own match. */
export function searchDeferred(block: ToolSearchBlock, state: ToolSearchState): string[] | 'invalid_tool_input' {
  if (block.tools) return block.tools.slice(0, SEARCH_RESULTS_MAX);
  const entries = [...state.deferred];
  if (state.search?.type.startsWith('tool_search_tool_regex')) {
    if (block.query.length > REGEX_MAX) return 'invalid_tool_input';
    let pattern: RegExp;
    try {
      pattern = new RegExp(block.query, 'i');
    } catch {
      return 'invalid_tool_input';
    }
    return entries
      .filter(([, text]) => pattern.test(text))
      .slice(0, SEARCH_RESULTS_MAX)
      .map(([n]) => n);
  }
  // bm25 stands in as word overlap: every query word counts, a name hit more than a description hit.
  const words = block.query
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean);
  return entries
    .map(([name, text]) => {
      const lower = text.toLowerCase();
      const score = words.reduce(
        (n, w) => n + (name.toLowerCase().includes(w) ? 2 : 0) + (lower.includes(w) ? 1 : 0),
        0,
      );
      return { name, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, SEARCH_RESULTS_MAX)
    .map((s) => s.name);
}

/**
 * Why the script's turn cannot be answered for this request, or undefined: a `tool_search`
 * without a search tool in the request, scripted results that are not deferred tools, or a
 * `tool_use` of a deferred tool no search referenced before it.
 */
export function toolSearchProblem(content: readonly ScriptBlock[], state: ToolSearchState): string | undefined {
  const seen = new Set(state.referenced);
  for (const block of content) {
    if (block.type === 'tool_search') {
      if (!state.search)
        return "mock-anthropic: the script's turn uses tool_search, but the request offers no tool search tool (tool_search_tool_regex_20251119 / tool_search_tool_bm25_20251119)";
      const bad = block.tools?.find((n) => !state.deferred.has(n));
      if (bad !== undefined)
        return `mock-anthropic: the script's tool_search returns ${bad}, which is not a deferred tool of the request`;
      const found = block.error ? [] : searchDeferred(block, state);
      if (Array.isArray(found)) for (const n of found) seen.add(n);
    }
    if (block.type === 'tool_use' && state.deferred.has(block.name) && !seen.has(block.name))
      return `mock-anthropic: the script calls ${block.name}, a deferred tool no tool search has referenced (the model cannot see it yet)`;
  }
  return undefined;
}

/** A scripted tool search as the reply's two blocks. */
export function toolSearchBlocks(block: ToolSearchBlock, state: ToolSearchState): ReplyBlock[] {
  const id = randomId('srvtoolu_');
  const name = state.search?.name ?? 'tool_search_tool_regex';
  const call = { type: 'server_tool_use', id, name, input: { query: block.query }, caller: { type: 'direct' } };
  const found = block.error ?? searchDeferred(block, state);
  const content =
    typeof found === 'string'
      ? { type: 'tool_search_tool_result_error', error_code: found, error_message: null }
      : {
          type: 'tool_search_tool_search_result',
          tool_references: found.map((tool_name) => {
            state.referenced.add(tool_name);
            return { type: 'tool_reference', tool_name };
          }),
        };
  return [call, { type: 'tool_search_tool_result', tool_use_id: id, content }];
}
