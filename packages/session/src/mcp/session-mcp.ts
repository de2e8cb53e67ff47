/**
 * The two steps `buildHarness` takes for MCP: reading the configuration early (rules naming a
 * server must parse before anything starts), and starting the servers once the repository's
 * trust is known. A session with no server configured gets nothing: no tools, no hooks, and the
 * SDK is never loaded.
 */
import type { ConfigSource, ConfiguredServer } from '@coding-harness/mcp';
import type { ToolRuleEntry } from '@coding-harness/tools';
import type { HarnessFlags } from '../args.js';
import type { HarnessEnv } from '../config.js';
import { mcpApprovalsFile, recordApprovals } from './approvals.js';
import { extraServerNames } from './early-names.js';
import type { AskMcpServerFn } from './ask.js';
import type { ProjectServerSettings } from './extra-sources.js';
import { loadMcpServers, planStart } from './load.js';
import { createMcpRuntime } from './runtime.js';
import type { McpRuntime } from './runtime.js';
import { mcpRuleEntries } from './rule-entries.js';

export interface McpConfigRead {
  servers: ConfiguredServer[];
  /** Rule entries for every configured server (and tools named by flag rules). */
  ruleEntries: ToolRuleEntry[];
  problems: string[];
}

/** The configured servers (not yet started) and their rule entries. */
export async function readMcpConfig(
  flags: HarnessFlags,
  io: { home: string; cwd: string },
  workroot: string,
  env?: HarnessEnv,
): Promise<McpConfigRead> {
  const { servers, problems } = loadMcpServers({
    root: workroot,
    home: io.home,
    cwd: io.cwd,
    configFlags: flags.mcpConfig ?? [],
    strict: flags.strictMcpConfig ?? false,
  });
  // Settings files' and plugins' servers are started later, but rules may name them now.
  const more = env ? await extraServerNames(flags, env, io.home, workroot, io.cwd) : [];
  const names = [...new Set([...servers.map((s) => s.name), ...more])];
  return { servers, problems, ruleEntries: mcpRuleEntries(names, [...flags.allowedTools, ...flags.disallowedTools]) };
}

export interface McpStartInput {
  read: McpConfigRead;
  flags: HarnessFlags;
  env: HarnessEnv;
  home: string;
  workroot: string;
  repository: string;
  trusted: boolean;
  startupMessages: string[];
  /** The model's provider searches deferred tools itself (tool-search.ts). */
  apiSearch?: boolean;
  /** The cwd `--mcp-config` paths resolve against (to read the files again with `extra`). */
  cwd: string;
  /** Settings files' and plugins' servers (extra-sources.ts), merged by scope with the files. */
  extra?: { sources: readonly ConfigSource[]; problems: readonly string[] };
  /** What settings say about the repository's `.mcp.json` servers. */
  projectSettings?: ProjectServerSettings;
  /** Asks a person about a trusted repository's servers not approved yet (ask.ts); absent: a start-up line each. */
  ask?: AskMcpServerFn;
  /** A front end answers servers' questions (elicitation). */
  canElicit?: boolean;
}

/** Starts the servers that may start (in the background); undefined when none may. */
export async function startMcp(input: McpStartInput): Promise<McpRuntime | undefined> {
  const read =
    input.extra && input.extra.sources.length > 0
      ? loadMcpServers({
          root: input.workroot,
          home: input.home,
          cwd: input.cwd,
          configFlags: input.flags.mcpConfig ?? [],
          strict: input.flags.strictMcpConfig ?? false,
          extraSources: input.extra.sources,
        })
      : input.read;
  input.startupMessages.push(...read.problems, ...(input.extra?.problems ?? []));
  if (read.servers.length === 0) return undefined;
  const plan = planStart({
    servers: read.servers,
    ...(input.projectSettings ? { settings: input.projectSettings } : {}),
    trusted: input.trusted && !input.flags.untrusted,
    repo: input.repository,
    approvalsFile: mcpApprovalsFile(input.env, input.home),
    approve: input.flags.approveMcp ?? [],
  });
  const asked = input.ask ? await askAbout(plan.unapproved, input, input.ask) : [];
  const start = [...plan.start, ...asked];
  input.startupMessages.push(
    ...plan.messages.filter((m) => !asked.some((s) => m.startsWith(`MCP server ${s.name} of ${s.source} not started`))),
  );
  if (start.length === 0) return undefined;
  return createMcpRuntime({
    servers: start,
    env: input.env,
    workroot: input.workroot,
    home: input.home,
    startupMessages: input.startupMessages,
    ...(input.apiSearch ? { apiSearch: true } : {}),
    canElicit: input.canElicit ?? false,
  });
}

/** Asks about each server in turn; the ones approved (recorded like `--approve-mcp`) to start now. */
async function askAbout(
  servers: readonly ConfiguredServer[],
  input: McpStartInput,
  ask: AskMcpServerFn,
): Promise<ConfiguredServer[]> {
  const approved: ConfiguredServer[] = [];
  for (const [i, server] of servers.entries()) {
    const c = server.config;
    const answer = await ask({
      repo: input.repository,
      source: server.source,
      name: server.name,
      runs: c.type === 'stdio' ? [c.command, ...c.args].join(' ') : c.url,
      remaining: servers.length - i - 1,
    });
    if (answer === 'skip') continue;
    const chosen = answer === 'approve-all' ? servers.slice(i) : [server];
    const problem = recordApprovals(mcpApprovalsFile(input.env, input.home), input.repository, chosen);
    if (problem !== undefined) input.startupMessages.push(problem);
    approved.push(...chosen);
    if (answer === 'approve-all') break;
  }
  return approved;
}
