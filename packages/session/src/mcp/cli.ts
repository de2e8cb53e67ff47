/**
 * `harness mcp list|get|add|add-json|remove`: Claude Code's `claude mcp` on Claude Code's files.
 * `add` and `remove` edit `<root>/.mcp.json` (project), `~/.claude.json` `mcpServers` (user) or
 * `projects[<root>].mcpServers` (local, the default) as text, keeping every other key, and write
 * the file atomically (`replaceRegularFile`: a temporary file renamed over it; a new
 * `~/.claude.json` is 0600). `list` and `get` connect to each server to show its state, as Claude
 * Code's health check does, bounded by `MCP_TIMEOUT` (ms, default 15 s), over the same sources a
 * session reads (cli-config.ts: also settings files' and plugins' servers), except a repository's
 * servers that a session would not start (untrusted repository, not approved): those are named
 * with the reason, never run. Output is text for the front end to print.
 */
import { join } from 'node:path';
import {
  createMcpManager,
  parseEntry,
  removeServer,
  scopeLocation,
  SERVER_NAME,
  serversAt,
  setServer,
  WRITE_SCOPES,
} from '@coding-harness/mcp';
import type { ConfiguredServer, ServerConfig, WriteScope } from '@coding-harness/mcp';
import { readRegularFile, replaceRegularFile } from '@coding-harness/skills';
import { CREDENTIAL_ENV_NAMES } from '@coding-harness/tools';
import type { HarnessEnv } from '../config.js';
import { resolveWorkroot, UsageError } from '../config.js';
import { sanitize } from '../sanitize.js';
import { repositoryKey } from '../trust.js';
import { mcpApprovalsFile, recordApprovals } from './approvals.js';
import { MCP_USAGE, parseMcpCli } from './cli-args.js';
import type { McpCliCommand } from './cli-args.js';
import { cliServers } from './cli-config.js';
import type { CliServers } from './cli-config.js';
import { planStart } from './load.js';

export interface McpCliContext {
  env: HarnessEnv;
  home: string;
  cwd: string;
}

/** What to print and the exit code (0 done, 1 failed, 2 usage). */
export interface McpCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const HEALTH_TIMEOUT_MS = 15_000;
const MAX_FILE_BYTES = 64 << 20;
const SCOPE_WORDS: Record<string, string> = {
  local: 'Local config (private to you in this project)',
  project: 'Project config (shared via .mcp.json)',
  user: 'User config (available in all your projects)',
  settings: 'Settings file',
  plugin: 'Plugin',
};

const ok = (stdout: string): McpCliResult => ({ code: 0, stdout, stderr: '' });
const failed = (stderr: string, code = 1): McpCliResult => ({ code, stdout: '', stderr: `${stderr}\n` });
const clean = (text: string): string => sanitize(text, { multiline: false });

/** Runs `harness mcp <argv>`. */
export async function runMcpCli(argv: readonly string[], ctx: McpCliContext): Promise<McpCliResult> {
  const parsed = parseMcpCli(argv);
  if (!parsed.ok) return failed(parsed.message, 2);
  const command = parsed.value;
  const root = resolveWorkroot(command.directory, ctx.cwd);
  if (root instanceof UsageError) return failed(root.message, 2);
  switch (command.name) {
    case 'add':
      return add(command, root, ctx);
    case 'remove':
      return remove(command, root, ctx);
    case 'get':
      return get(command.server, root, ctx);
    case 'list':
      return list(root, ctx);
  }
}

export { MCP_USAGE };

function fileOf(scope: WriteScope, root: string, home: string): { file: string; path: string[] } {
  const where = scopeLocation(scope, root);
  return { file: where.file === 'mcp-json' ? join(root, '.mcp.json') : join(home, '.claude.json'), path: where.path };
}

function readText(file: string): { text: string; exists: boolean } | { error: string } {
  const read = readRegularFile(file, MAX_FILE_BYTES);
  if (read.ok) return { text: read.bytes.toString('utf8'), exists: true };
  if (read.why === 'missing') return { text: '', exists: false };
  return { error: `${file}: could not be read (${read.why})` };
}

function describe(config: ServerConfig): string {
  return config.type === 'stdio'
    ? [config.command, ...config.args].join(' ')
    : `${config.url} (${config.type.toUpperCase()})`;
}

async function add(command: Extract<McpCliCommand, { name: 'add' }>, root: string, ctx: McpCliContext) {
  const { server, scope, entry } = command;
  if (!SERVER_NAME.test(server))
    return failed(`invalid server name ${JSON.stringify(server)}: letters, digits, _ and - only (at most 64)`, 2);
  const checked = parseEntry(entry);
  if (!checked.ok) return failed(`server ${server}: ${checked.message}`, 2);
  const { file, path } = fileOf(scope, root, ctx.home);
  const read = readText(file);
  if ('error' in read) return failed(read.error);
  const present = serversAt(read.text, path);
  if (typeof present === 'string') return failed(`${file} ${present}: fix it by hand, nothing was written`);
  if (server in present)
    return failed(
      `MCP server ${server} already exists in ${scope} config (${file}); harness mcp remove ${server} -s ${scope} first`,
    );
  const next = setServer(read.text, path, server, entry);
  if ('error' in next) return failed(`${file} ${next.error}`);
  const newClaudeJson = !read.exists && scope !== 'project';
  const problem = replaceRegularFile(file, next.text, newClaudeJson ? { mode: 0o600 } : {});
  if (problem !== undefined) return failed(`${file}: ${problem}`);
  const lines = [
    `Added ${checked.config.type} MCP server ${server} with ${checked.config.type === 'stdio' ? 'command' : 'URL'}: ${clean(describe(checked.config))} to ${scope} config`,
    `File modified: ${file}${scope === 'local' ? ` [project: ${root}]` : ''}`,
  ];
  if (scope === 'project') {
    // The person typed this command: the server is approved as written (a later edit of it by the repository holds it again).
    const approval = recordApprovals(mcpApprovalsFile(ctx.env, ctx.home), repositoryKey(root, ctx.home), [
      { name: server, config: checked.config },
    ]);
    if (approval !== undefined) lines.push(approval);
  }
  return ok(`${lines.join('\n')}\n`);
}

async function remove(command: Extract<McpCliCommand, { name: 'remove' }>, root: string, ctx: McpCliContext) {
  const scopes = command.scope ? [command.scope] : WRITE_SCOPES;
  const found: { scope: WriteScope; file: string; text: string }[] = [];
  for (const scope of scopes) {
    const { file, path } = fileOf(scope, root, ctx.home);
    const read = readText(file);
    if ('error' in read) return failed(read.error);
    const text = removeServer(read.text, path, command.server);
    if (text !== undefined) found.push({ scope, file, text });
  }
  if (found.length === 0)
    return failed(
      `No MCP server found with name: ${command.server}${command.scope ? ` in ${command.scope} config` : ''}`,
    );
  if (found.length > 1)
    return failed(
      `MCP server ${command.server} exists in several scopes (${found.map((f) => f.scope).join(', ')}): name one with -s`,
    );
  const [only] = found;
  const problem = replaceRegularFile(only!.file, only!.text);
  if (problem !== undefined) return failed(`${only!.file}: ${problem}`);
  return ok(`Removed MCP server ${command.server} from ${only!.scope} config\nFile modified: ${only!.file}\n`);
}

function timeoutOf(env: HarnessEnv): number {
  const raw = env.MCP_TIMEOUT;
  return raw !== undefined && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : HEALTH_TIMEOUT_MS;
}

/** Each server's state as a line end: connected, failed (why), or held back (why, never run). */
async function health(
  servers: readonly ConfiguredServer[],
  found: Pick<CliServers, 'trusted' | 'repo' | 'projectSettings'>,
  root: string,
  ctx: McpCliContext,
) {
  const { trusted, repo } = found;
  const plan = planStart({
    servers,
    trusted,
    repo,
    approvalsFile: mcpApprovalsFile(ctx.env, ctx.home),
    approve: [],
    settings: found.projectSettings,
  });
  const states = new Map<string, string>();
  for (const server of servers)
    if (!plan.start.includes(server))
      states.set(
        server.name,
        trusted
          ? `⚠ Not approved (harness --approve-mcp ${server.name})`
          : '⚠ Not started: this repository is not trusted (harness --trust)',
      );
  if (plan.start.length === 0) return states;
  const manager = createMcpManager({
    servers: plan.start,
    env: ctx.env,
    refusedVars: CREDENTIAL_ENV_NAMES,
    cwd: root,
    maxOutputTokens: 25_000,
    timeoutMs: timeoutOf(ctx.env),
    onChange: () => undefined,
  });
  try {
    await manager.start();
    for (const status of manager.status())
      states.set(
        status.name,
        status.state === 'connected'
          ? `✓ Connected (${status.toolCount} tool${status.toolCount === 1 ? '' : 's'})`
          : `✗ Failed to connect${status.error ? `: ${clean(status.error)}` : ''}`,
      );
  } finally {
    await manager.close();
  }
  return states;
}

async function list(root: string, ctx: McpCliContext): Promise<McpCliResult> {
  const found = await cliServers(root, ctx);
  const { servers, problems } = found;
  const stderr = problems.map((p) => `${clean(p)}\n`).join('');
  if (servers.length === 0)
    return { code: 0, stdout: 'No MCP servers configured. Use `harness mcp add` to add a server.\n', stderr };
  const states = await health(servers, found, root, ctx);
  const lines = servers.map((s) => `${clean(s.name)}: ${clean(describe(s.config))} - ${states.get(s.name) ?? '?'}`);
  return { code: 0, stdout: `Checking MCP server health...\n\n${lines.join('\n')}\n`, stderr };
}

async function get(name: string, root: string, ctx: McpCliContext): Promise<McpCliResult> {
  const found = await cliServers(root, ctx);
  const server = found.servers.find((s) => s.name === name);
  if (!server) return failed(`No MCP server found with name: ${name}`);
  const state = (await health([server], found, root, ctx)).get(name) ?? '?';
  const c = server.config;
  const lines = [
    `${clean(name)}:`,
    `  Scope: ${SCOPE_WORDS[server.scope] ?? server.scope} (${clean(server.source)})`,
    `  Status: ${state}`,
    `  Type: ${c.type}`,
    ...(c.type === 'stdio'
      ? [
          `  Command: ${clean(c.command)}`,
          `  Args: ${clean(c.args.join(' '))}`,
          ...(Object.keys(c.env).length > 0
            ? ['  Environment:', ...Object.entries(c.env).map(([k, v]) => `    ${clean(k)}=${clean(v)}`)]
            : []),
        ]
      : [
          `  URL: ${clean(c.url)}`,
          ...(Object.keys(c.headers).length > 0
            ? ['  Headers:', ...Object.entries(c.headers).map(([k, v]) => `    ${clean(k)}: ${clean(v)}`)]
            : []),
        ]),
    '',
    (WRITE_SCOPES as readonly string[]).includes(server.scope)
      ? `To remove this server, run: harness mcp remove ${clean(name)} -s ${server.scope}`
      : `It comes from ${clean(server.source)}: edit that file (or the plugin's settings) to remove it.`,
  ];
  return ok(`${lines.join('\n')}\n`);
}
