/**
 * The server tools as the mock runs them: a scripted `web_search` or `web_fetch` block becomes
 * the call (`server_tool_use`) and its result (`web_search_tool_result` / `web_fetch_tool_result`)
 * in the reply, only when the request offers that tool, and with the real tool's limits applied
 * to what the script asks: `max_uses` per reply, `allowed_domains` / `blocked_domains`, and web
 * fetch's rule that a URL must already appear in the conversation (or in this reply's search
 * results). A cited text gets `web_search_result_location` citations. No network is ever used.
 */
import { randomId } from './ids.js';
import { isRecord } from './tokens.js';
import type { ScriptBlock } from './types.js';

/** A reply block (reply.ts's union takes any such object). */
type ReplyBlock = { type: string } & Record<string, unknown>;
type WebSearchBlock = Extract<ScriptBlock, { type: 'web_search' }>;
type WebFetchBlock = Extract<ScriptBlock, { type: 'web_fetch' }>;

/** What the request says about its server tools, and this reply's running counts. */
export interface ServerToolState {
  /** The request's server tool definitions by name (`web_search`, `web_fetch`). */
  tools: ReadonlyMap<string, Record<string, unknown>>;
  /** The request's messages as JSON: where a fetched URL must already appear. */
  prior: string;
  uses: Map<string, number>;
  /** URLs this reply's searches returned (fetchable too). */
  found: Set<string>;
}

export function serverToolState(tools: unknown, messages: unknown): ServerToolState {
  const byName = new Map<string, Record<string, unknown>>();
  if (Array.isArray(tools))
    for (const t of tools)
      if (isRecord(t) && typeof t.type === 'string' && t.type !== 'custom') byName.set(String(t.name), t);
  return { tools: byName, prior: JSON.stringify(messages), uses: new Map(), found: new Set() };
}

/** Why the script's turn cannot be answered for this request (it uses a tool the request does not offer), or undefined. */
export function missingServerTool(content: readonly ScriptBlock[], state: ServerToolState): string | undefined {
  const used = content.find((b) => (b.type === 'web_search' || b.type === 'web_fetch') && !state.tools.has(b.type));
  return used
    ? `mock-anthropic: the script's turn uses ${used.type}, but the request does not offer that server tool`
    : undefined;
}

function host(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** True when `h` is `domain` or below it. */
const under = (h: string, domain: string): boolean => h === domain || h.endsWith(`.${domain}`);

/** Whether the tool's domain lists let `url` through. */
function domainAllowed(tool: Record<string, unknown>, url: string): boolean {
  const h = host(url);
  if (h === undefined) return false;
  const allowed = Array.isArray(tool.allowed_domains) ? (tool.allowed_domains as string[]) : undefined;
  const blocked = Array.isArray(tool.blocked_domains) ? (tool.blocked_domains as string[]) : [];
  if (blocked.some((d) => under(h, d.toLowerCase()))) return false;
  return allowed === undefined || allowed.some((d) => under(h, d.toLowerCase()));
}

/** Counts one use; true when it is over the tool's `max_uses`. */
function overUses(state: ServerToolState, name: string): boolean {
  const n = (state.uses.get(name) ?? 0) + 1;
  state.uses.set(name, n);
  const max = state.tools.get(name)?.max_uses;
  return typeof max === 'number' && n > max;
}

const DIRECT = { type: 'direct' };

/** A scripted web search as the reply's two blocks. */
export function webSearchBlocks(block: WebSearchBlock, state: ServerToolState): ReplyBlock[] {
  const id = randomId('srvtoolu_');
  const tool = state.tools.get('web_search') ?? {};
  const call = { type: 'server_tool_use', id, name: 'web_search', input: { query: block.query }, caller: DIRECT };
  const error = overUses(state, 'web_search') ? 'max_uses_exceeded' : block.error;
  const content = error
    ? { type: 'web_search_tool_result_error', error_code: error }
    : (block.results ?? [])
        .filter((r) => domainAllowed(tool, r.url))
        .map((r) => {
          state.found.add(r.url);
          return {
            type: 'web_search_result',
            url: r.url,
            title: r.title,
            encrypted_content: randomId('enc_'),
            page_age: r.pageAge ?? null,
          };
        });
  return [call, { type: 'web_search_tool_result', tool_use_id: id, content, caller: DIRECT }];
}

/** A scripted web fetch as the reply's two blocks. */
export function webFetchBlocks(block: WebFetchBlock, state: ServerToolState): ReplyBlock[] {
  const id = randomId('srvtoolu_');
  const tool = state.tools.get('web_fetch') ?? {};
  const call = { type: 'server_tool_use', id, name: 'web_fetch', input: { url: block.url }, caller: DIRECT };
  const error = overUses(state, 'web_fetch')
    ? 'max_uses_exceeded'
    : !state.prior.includes(block.url) && !state.found.has(block.url)
      ? 'url_not_in_prior_context'
      : !domainAllowed(tool, block.url)
        ? 'url_not_allowed'
        : block.error;
  const citations = isRecord(tool.citations) && tool.citations.enabled === true;
  const content = error
    ? { type: 'web_fetch_tool_result_error', error_code: error }
    : {
        type: 'web_fetch_result',
        url: block.url,
        retrieved_at: new Date().toISOString(),
        content: {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: block.text ?? '' },
          title: block.title ?? null,
          citations: citations ? { enabled: true } : null,
        },
      };
  return [call, { type: 'web_fetch_tool_result', tool_use_id: id, content, caller: DIRECT }];
}

/** A scripted text's citations as the API's `web_search_result_location`s. */
export function citationsOf(
  cited: readonly { url: string; title?: string; citedText: string }[],
): Record<string, unknown>[] {
  return cited.map((c) => ({
    type: 'web_search_result_location',
    url: c.url,
    title: c.title ?? null,
    cited_text: c.citedText,
    encrypted_index: randomId('enc_'),
  }));
}

/** `usage.server_tool_use` for the reply's blocks (absent when it used none). */
export function serverToolUsage(content: readonly ReplyBlock[]): Record<string, number> | undefined {
  const count = (name: string) => content.filter((b) => b.type === 'server_tool_use' && b.name === name).length;
  const search = count('web_search');
  const fetch = count('web_fetch');
  return search + fetch > 0 ? { web_search_requests: search, web_fetch_requests: fetch } : undefined;
}
