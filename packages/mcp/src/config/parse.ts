/**
 * One configuration file's `mcpServers`, checked entry by entry: a bad entry is a problem naming
 * the file and the server and is skipped; the others still load. JSON with comments and trailing
 * commas is accepted (jsonc-parser), as in Claude Code's files.
 */
import { parse, printParseErrorCode } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';
import type { ConfigProblem, ConfigSource, ConfiguredServer, ServerConfig } from './types.js';

/** Names a server may have: they become part of tool names (`mcp__<name>__<tool>`). */
export const SERVER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

type Entry = { ok: true; config: ServerConfig } | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function stringRecord(value: unknown, field: string): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isRecord(value)) return `"${field}" must be an object of strings`;
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'string') return `"${field}.${k}" must be a string`;
  return value as Record<string, string>;
}

function stdioEntry(raw: Record<string, unknown>): Entry {
  if (typeof raw.command !== 'string' || raw.command === '')
    return { ok: false, message: 'a stdio server needs "command" (a program to run)' };
  const args = raw.args ?? [];
  if (!Array.isArray(args) || args.some((a) => typeof a !== 'string'))
    return { ok: false, message: '"args" must be an array of strings' };
  const env = stringRecord(raw.env, 'env');
  if (typeof env === 'string') return { ok: false, message: env };
  if (raw.cwd !== undefined && typeof raw.cwd !== 'string') return { ok: false, message: '"cwd" must be a string' };
  return {
    ok: true,
    config: {
      type: 'stdio',
      command: raw.command,
      args: args as string[],
      env,
      ...(typeof raw.cwd === 'string' ? { cwd: raw.cwd } : {}),
    },
  };
}

function remoteEntry(raw: Record<string, unknown>, type: 'http' | 'sse'): Entry {
  if (typeof raw.url !== 'string' || raw.url === '') return { ok: false, message: `a ${type} server needs "url"` };
  const headers = stringRecord(raw.headers, 'headers');
  if (typeof headers === 'string') return { ok: false, message: headers };
  return { ok: true, config: { type, url: raw.url, headers } };
}

/** One entry of `mcpServers`: its `type` (default stdio when it has a command) picks the transport. */
export function parseEntry(raw: unknown): Entry {
  if (!isRecord(raw)) return { ok: false, message: 'must be an object' };
  const type = raw.type ?? (raw.url !== undefined && raw.command === undefined ? 'http' : 'stdio');
  if (type === 'stdio') return stdioEntry(raw);
  if (type === 'http' || type === 'streamable-http') return remoteEntry(raw, 'http');
  if (type === 'sse') return remoteEntry(raw, 'sse');
  return { ok: false, message: `unknown "type" ${JSON.stringify(type)} (stdio, http or sse)` };
}

/** The servers of one source and the problems found reading it. */
export function parseSource(source: ConfigSource): { servers: ConfiguredServer[]; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const errors: ParseError[] = [];
  const doc: unknown = parse(source.text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0] as ParseError;
    problems.push({
      source: source.source,
      message: `not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset}); its MCP servers were not loaded`,
    });
    return { servers: [], problems };
  }
  const holder =
    source.at === undefined
      ? doc
      : isRecord(doc) && isRecord(doc.projects)
        ? doc.projects[source.at.project]
        : undefined;
  if (!isRecord(holder) || holder.mcpServers === undefined) return { servers: [], problems };
  if (!isRecord(holder.mcpServers)) {
    problems.push({ source: source.source, message: '"mcpServers" must be an object of servers by name' });
    return { servers: [], problems };
  }
  const servers: ConfiguredServer[] = [];
  for (const [name, raw] of Object.entries(holder.mcpServers)) {
    if (!SERVER_NAME.test(name)) {
      problems.push({
        source: source.source,
        message: `server ${JSON.stringify(name)}: a name may use letters, digits, _ and - only (at most 64); skipped`,
      });
      continue;
    }
    const entry = parseEntry(raw);
    if (entry.ok) servers.push({ name, scope: source.scope, source: source.source, config: entry.config });
    else problems.push({ source: source.source, message: `server ${name}: ${entry.message}; skipped` });
  }
  return { servers, problems };
}

/** How strong a scope is when two sources name the same server (the stronger one wins). */
const STRENGTH: Readonly<Record<ConfiguredServer['scope'], number>> = {
  user: 0,
  settings: 1,
  plugin: 2,
  project: 3,
  local: 4,
  flag: 5,
};

/**
 * The servers of every source, one per name: the strongest scope wins (`--mcp-config`, then
 * local, project, plugins, settings, user), and a later source of the same scope wins over an earlier one.
 */
export function mergeSources(sources: readonly ConfigSource[]): {
  servers: ConfiguredServer[];
  problems: ConfigProblem[];
} {
  const byName = new Map<string, ConfiguredServer>();
  const problems: ConfigProblem[] = [];
  for (const source of sources) {
    const parsed = parseSource(source);
    problems.push(...parsed.problems);
    for (const server of parsed.servers) {
      const held = byName.get(server.name);
      if (held === undefined || STRENGTH[server.scope] >= STRENGTH[held.scope]) byName.set(server.name, server);
    }
  }
  return { servers: [...byName.values()], problems };
}
