/**
 * Which hosts the sandbox's proxy lets a command reach, in Claude Code's notation: `example.com`
 * is that host only, `*.example.com` any host below it (not the name itself), and a `:port`
 * suffix limits an entry to that port. A denied entry wins over an allowed one. Names compare
 * case-insensitively without a trailing dot; an IP address matches only when listed as written.
 */

/** One entry, parsed. */
interface DomainEntry {
  host: string;
  wildcard: boolean;
  port?: number;
}

function parseEntry(text: string): DomainEntry | undefined {
  const m = /^(\*\.)?([A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m) return undefined;
  const host = normalizeHost(m[2] as string);
  return { host, wildcard: m[1] !== undefined, ...(m[3] !== undefined ? { port: Number(m[3]) } : {}) };
}

/** Lower case, no trailing dot, no IPv6 brackets. */
export function normalizeHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/** The entries that do not parse, each named (for a clear message at start-up). */
export function badDomainEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseEntry(entry) === undefined);
}

function matches(entry: DomainEntry, host: string, port: number): boolean {
  if (entry.port !== undefined && entry.port !== port) return false;
  return entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host;
}

/** Whether `host:port` may be reached: allowed by an entry of `allowed` and by none of `denied`. */
export function domainAllowed(
  host: string,
  port: number,
  allowed: readonly string[],
  denied: readonly string[],
): boolean {
  const name = normalizeHost(host);
  const hit = (list: readonly string[]): boolean =>
    list.some((text) => {
      const entry = parseEntry(text);
      return entry !== undefined && matches(entry, name, port);
    });
  return !hit(denied) && hit(allowed);
}
