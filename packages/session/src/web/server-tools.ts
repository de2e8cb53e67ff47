/**
 * The web as the Anthropic API's server tools: the API itself searches (`web_search_20250305`)
 * and fetches (`web_fetch_20250910`), and its reply holds the calls, the results and text that
 * cites them. Off until a rule allows them (Claude Code's rule names): `WebSearch`; `WebFetch`
 * for any site, `WebFetch(domain:example.com)` for those sites only (the same rules give the
 * sandbox its network domains); a deny rule of the same names switches a tool off, or blocks
 * its domains. The tools join the request only when allowed, so a session that never allowed
 * them sends exactly what it sent before. They are fixed when the conversation starts (they
 * are part of its prefix, which only grows).
 */
import type { ToolSpec } from '@coding-harness/model';

/** What the rules allow of the web. */
export interface WebRules {
  search: boolean;
  /** undefined: no fetching; [] any site; else only these hosts (and their subdomains). */
  fetch: string[] | undefined;
  /** Hosts neither tool may use (from `WebFetch(domain:...)` deny rules). */
  blocked: string[];
}

/** Per request: how many searches or fetches the API may make for one reply. */
export const MAX_USES = 8;
/** How much of a fetched page enters the context, in tokens. */
export const MAX_CONTENT_TOKENS = 50_000;
/** The header the API's web fetch was opted into with. */
export const WEB_FETCH_BETA = 'web-fetch-2025-09-10';

const WEB_RULE = /^\s*(websearch|webfetch)\s*(?:\(\s*(?:domain\s*:\s*([^)\s]+))?\s*\))?\s*$/i;

/** The rule strings that are about the web (for these tools), and the rest (for the approval policy). */
export function splitWebRules(rules: readonly string[]): { rest: string[]; web: string[] } {
  const rest: string[] = [];
  const web: string[] = [];
  for (const rule of rules) (WEB_RULE.test(rule) ? web : rest).push(rule);
  return { rest, web };
}

/** What `allow` and `deny` rules (any rules: the others are ignored) allow of the web. */
export function webRules(allow: readonly string[], deny: readonly string[]): WebRules {
  const parse = (rules: readonly string[]) => {
    let search = false;
    let fetchAny = false;
    const domains: string[] = [];
    for (const rule of rules) {
      const m = WEB_RULE.exec(rule);
      if (!m) continue;
      if (m[1]!.toLowerCase() === 'websearch') search = true;
      else if (m[2] === undefined) fetchAny = true;
      else domains.push(apiDomain(m[2]));
    }
    return { search, fetchAny, domains: [...new Set(domains)] };
  };
  const a = parse(allow);
  const d = parse(deny);
  const fetchOff = d.fetchAny || (!a.fetchAny && a.domains.every((x) => d.domains.includes(x)));
  return {
    search: a.search && !d.search,
    fetch: fetchOff ? undefined : a.fetchAny ? [] : a.domains.filter((x) => !d.domains.includes(x)),
    blocked: d.domains,
  };
}

/** A sandbox domain pattern as the API's domain lists take it: no `*.` (subdomains are included), no port. */
function apiDomain(pattern: string): string {
  return pattern.replace(/^\*\./, '').replace(/:\d+$/, '').toLowerCase();
}

/** The server tools `rules` allow, as tool specs for the request (none when nothing is allowed). */
export function webToolSpecs(rules: WebRules): ToolSpec[] {
  const specs: ToolSpec[] = [];
  const placeholder = { description: '', inputSchema: { type: 'object' as const } };
  // The API takes allowed_domains or blocked_domains, never both.
  const limits = (allowed: readonly string[]) =>
    allowed.length > 0
      ? { allowed_domains: [...allowed] }
      : rules.blocked.length > 0
        ? { blocked_domains: [...rules.blocked] }
        : {};
  if (rules.search)
    specs.push({
      name: 'web_search',
      ...placeholder,
      server: { type: 'web_search_20250305', config: { max_uses: MAX_USES, ...limits([]) } },
    });
  if (rules.fetch !== undefined)
    specs.push({
      name: 'web_fetch',
      ...placeholder,
      server: {
        type: 'web_fetch_20250910',
        config: {
          max_uses: MAX_USES,
          ...limits(rules.fetch),
          citations: { enabled: true },
          max_content_tokens: MAX_CONTENT_TOKENS,
        },
        betas: [WEB_FETCH_BETA],
      },
    });
  return specs;
}
