/**
 * What the API's server tools did in one reply, read from its parts for the front ends: each
 * search (its query and results, or its error), each fetch (the URL and the page's title, or the
 * error), and the sources the reply's text cites. The blocks are the API's own (kept opaque by
 * the model layer and sent back as they came); everything here is read defensively, since a
 * reply is input like any other.
 */
import type { Message } from '@coding-harness/model';

export type WebActivity =
  | { kind: 'search'; query: string; results: { title: string; url: string }[]; error?: string }
  | { kind: 'fetch'; url: string; title?: string; error?: string }
  | { kind: 'sources'; sources: { title?: string; url: string }[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The web activity of `message`, in reply order, then its cited sources (each URL once). */
export function webActivity(message: Message): WebActivity[] {
  const out: WebActivity[] = [];
  const inputs = new Map<string, Obj>();
  const sources = new Map<string, string | undefined>();
  for (const part of message.content) {
    if (part.type === 'text') {
      const citations = part.meta?.anthropic?.citations;
      if (Array.isArray(citations))
        for (const c of citations) {
          const url = isObj(c) ? str(c.url) : undefined;
          if (url !== undefined && !sources.has(url)) sources.set(url, str((c as Obj).title) ?? undefined);
        }
      continue;
    }
    if (part.type !== 'provider') continue;
    const block = part.block as Obj;
    if (part.kind === 'server_tool_use' && typeof block.id === 'string')
      inputs.set(block.id, isObj(block.input) ? block.input : {});
    else if (part.kind === 'web_search_tool_result') out.push(search(block, inputs));
    else if (part.kind === 'web_fetch_tool_result') out.push(fetched(block, inputs));
  }
  if (sources.size > 0)
    out.push({
      kind: 'sources',
      sources: [...sources].map(([url, title]) => (title ? { url, title } : { url })),
    });
  return out;
}

function search(block: Obj, inputs: Map<string, Obj>): WebActivity {
  const query = str(inputs.get(str(block.tool_use_id) ?? '')?.query) ?? '';
  const content = block.content;
  if (!Array.isArray(content))
    return {
      kind: 'search',
      query,
      results: [],
      error: str(isObj(content) ? content.error_code : undefined) ?? 'failed',
    };
  const results = content.flatMap((r) =>
    isObj(r) && typeof r.url === 'string' ? [{ url: r.url, title: str(r.title) ?? r.url }] : [],
  );
  return { kind: 'search', query, results };
}

function fetched(block: Obj, inputs: Map<string, Obj>): WebActivity {
  const content = isObj(block.content) ? block.content : {};
  const url = str(content.url) ?? str(inputs.get(str(block.tool_use_id) ?? '')?.url) ?? '';
  if (content.type !== 'web_fetch_result') return { kind: 'fetch', url, error: str(content.error_code) ?? 'failed' };
  const title = isObj(content.content) ? str(content.content.title) : undefined;
  return title ? { kind: 'fetch', url, title } : { kind: 'fetch', url };
}

/** At most this many results of a search are listed. */
const SHOWN_RESULTS = 5;

/** The activity as plain lines (the text front ends colour and sanitize them). */
export function webActivityLines(activity: readonly WebActivity[]): string[] {
  const lines: string[] = [];
  for (const a of activity) {
    if (a.kind === 'search') {
      if (a.error !== undefined) lines.push(`web search "${a.query}": failed (${a.error})`);
      else {
        lines.push(`web search "${a.query}": ${a.results.length} result${a.results.length === 1 ? '' : 's'}`);
        for (const r of a.results.slice(0, SHOWN_RESULTS)) lines.push(`  ${r.title}  ${r.url}`);
        if (a.results.length > SHOWN_RESULTS) lines.push(`  … ${a.results.length - SHOWN_RESULTS} more`);
      }
    } else if (a.kind === 'fetch')
      lines.push(
        a.error !== undefined
          ? `web fetch ${a.url}: failed (${a.error})`
          : `web fetch ${a.url}${a.title ? `: ${a.title}` : ''}`,
      );
    else {
      lines.push('sources:');
      a.sources.forEach((s, i) => lines.push(`  [${i + 1}] ${s.title ? `${s.title}  ` : ''}${s.url}`));
    }
  }
  return lines;
}
