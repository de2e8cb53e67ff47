/**
 * `harness mcp ...` arguments in Claude Code's shape (`claude mcp add [--transport stdio|http|sse]
 * [--scope local|project|user] [-e KEY=VAL] [-H 'Name: value'] <name> <commandOrUrl> [args...]`,
 * `add-json <name> <json>`, `get <name>`, `remove <name> [--scope]`, `list`). Options are read
 * until the command (or `--`): everything after the command is its arguments, as given, so
 * `harness mcp add fs -- npx -y pkg` and `harness mcp add fs npx -y pkg` both keep `-y`.
 * `-C DIR` names the work root, as for a session.
 */
import { WRITE_SCOPES } from '@coding-harness/mcp';
import type { WriteScope } from '@coding-harness/mcp';

export type McpCliCommand =
  | { name: 'list'; directory?: string }
  | { name: 'get'; server: string; directory?: string }
  | { name: 'remove'; server: string; scope?: WriteScope; directory?: string }
  | { name: 'add'; server: string; scope: WriteScope; entry: Record<string, unknown>; directory?: string };

export const MCP_USAGE = `usage: harness mcp list
       harness mcp get <name>
       harness mcp add [--transport stdio|http|sse] [--scope local|project|user] [-e KEY=VALUE]... [-H 'Name: value']... <name> <command or URL> [args...]
       harness mcp add-json [--scope local|project|user] <name> '<json>'
       harness mcp remove [--scope local|project|user] <name>
(-C DIR: the project, default the current directory; the default scope is local)`;

const TRANSPORTS = ['stdio', 'http', 'sse'] as const;
/** Options that take a value, by every spelling, and the key they fill. */
const VALUED: Record<string, 'transport' | 'scope' | 'env' | 'header' | 'directory'> = {
  '-t': 'transport',
  '--transport': 'transport',
  '-s': 'scope',
  '--scope': 'scope',
  '-e': 'env',
  '--env': 'env',
  '-H': 'header',
  '--header': 'header',
  '-C': 'directory',
  '--directory': 'directory',
};

interface Options {
  transport?: string;
  scope?: string;
  directory?: string;
  env: string[];
  header: string[];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Splits options from positionals, options ending at the `stopAfter`-th positional or at `--`. */
function split(argv: readonly string[], stopAfter: number): Parsed<{ options: Options; positionals: string[] }> {
  const options: Options = { env: [], header: [] };
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (positionals.length >= stopAfter || arg === '--') {
      positionals.push(...argv.slice(arg === '--' ? i + 1 : i));
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const key = VALUED[flag];
    if (key === undefined) {
      if (arg.startsWith('-') && arg !== '-') return fail(`unknown option ${arg} for harness mcp`);
      positionals.push(arg);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) return fail(`${flag} needs a value`);
    if (key === 'env' || key === 'header') options[key].push(value);
    else options[key] = value;
  }
  return { ok: true, value: { options, positionals } };
}

function scopeOf(raw: string | undefined): Parsed<WriteScope | undefined> {
  if (raw === undefined) return { ok: true, value: undefined };
  return (WRITE_SCOPES as readonly string[]).includes(raw)
    ? { ok: true, value: raw as WriteScope }
    : fail(`--scope ${raw}: one of ${WRITE_SCOPES.join(', ')}`);
}

function pairs(values: readonly string[], sep: string, flag: string): Parsed<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const at = value.indexOf(sep);
    const key = at > 0 ? value.slice(0, at).trim() : '';
    if (key === '') return fail(`${flag} ${value}: expected ${sep === '=' ? 'KEY=VALUE' : "'Name: value'"}`);
    out[key] = value.slice(at + 1).trim();
  }
  return { ok: true, value: out };
}

function addEntry(options: Options, positionals: readonly string[]): Parsed<Record<string, unknown>> {
  const transport = options.transport ?? 'stdio';
  if (!(TRANSPORTS as readonly string[]).includes(transport))
    return fail(`--transport ${transport}: one of ${TRANSPORTS.join(', ')}`);
  const [, target, ...args] = positionals;
  if (target === undefined)
    return fail(`harness mcp add needs a name and a ${transport === 'stdio' ? 'command' : 'URL'}`);
  const env = pairs(options.env, '=', '-e');
  if (!env.ok) return env;
  const headers = pairs(options.header, ':', '-H');
  if (!headers.ok) return headers;
  if (transport === 'stdio') {
    if (options.header.length > 0) return fail('-H belongs to http and sse servers (--transport http)');
    return { ok: true, value: { type: 'stdio', command: target, args, env: env.value } };
  }
  if (args.length > 0) return fail(`unexpected argument '${args[0]}' after the URL of an ${transport} server`);
  if (options.env.length > 0) return fail('-e belongs to stdio servers (an http server gets headers: -H)');
  if (!/^https?:\/\//.test(target)) return fail(`${target}: an ${transport} server needs an http:// or https:// URL`);
  return {
    ok: true,
    value: { type: transport, url: target, ...(options.header.length > 0 ? { headers: headers.value } : {}) },
  };
}

function addJson(json: string | undefined): Parsed<Record<string, unknown>> {
  if (json === undefined) return fail("harness mcp add-json needs a name and the server's JSON");
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return fail(`add-json: the server's JSON does not parse (${(error as Error).message})`);
  }
  return fail("add-json: the server's JSON must be an object");
}

/** `argv` after `harness mcp`. */
export function parseMcpCli(argv: readonly string[]): Parsed<McpCliCommand> {
  const [sub, ...rest] = argv;
  const stop = sub === 'add' ? 2 : sub === 'add-json' ? 2 : Number.POSITIVE_INFINITY;
  const parts = split(rest, stop);
  if (!parts.ok) return parts;
  const { options, positionals } = parts.value;
  const dir = options.directory !== undefined ? { directory: options.directory } : {};
  const scope = scopeOf(options.scope);
  if (!scope.ok) return scope;
  const only = (n: number): string | undefined =>
    positionals.length > n ? `unexpected argument '${positionals[n]}' for harness mcp ${sub}` : undefined;
  switch (sub) {
    case 'list': {
      const extra = only(0);
      return extra ? fail(extra) : { ok: true, value: { name: 'list', ...dir } };
    }
    case 'get':
    case 'remove': {
      const server = positionals[0];
      if (server === undefined) return fail(`harness mcp ${sub} needs a server name`);
      const extra = only(1);
      if (extra) return fail(extra);
      if (sub === 'get') return { ok: true, value: { name: 'get', server, ...dir } };
      return { ok: true, value: { name: 'remove', server, ...(scope.value ? { scope: scope.value } : {}), ...dir } };
    }
    case 'add':
    case 'add-json': {
      const server = positionals[0];
      if (server === undefined) return fail(`harness mcp ${sub} needs a server name`);
      const entry = sub === 'add' ? addEntry(options, positionals) : addJson(positionals[1]);
      if (!entry.ok) return entry;
      if (sub === 'add-json' && positionals.length > 2) return fail(only(2)!);
      return { ok: true, value: { name: 'add', server, scope: scope.value ?? 'local', entry: entry.value, ...dir } };
    }
    default:
      return fail(sub === undefined ? MCP_USAGE : `unknown subcommand '${sub}' for harness mcp\n${MCP_USAGE}`);
  }
}
