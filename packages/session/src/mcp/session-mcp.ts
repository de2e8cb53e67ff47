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
import { mcpApprovalsFile } from './approvals.js';
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
export function readMcpConfig(flags: HarnessFlags, io: { home: string; cwd: string }, workroot: string): McpConfigRead {
  const { servers, problems } = loadMcpServers({
    root: workroot,
    home: io.home,
    cwd: io.cwd,
    configFlags: flags.mcpConfig ?? [],
    strict: flags.strictMcpConfig ?? false,
  });
  return { servers, problems, ruleEntries: mcpRuleEntries(servers, [...flags.allowedTools, ...flags.disallowedTools]) };
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
}

/** Starts the servers that may start (in the background); undefined when none may. */
export function startMcp(input: McpStartInput): McpRuntime | undefined {
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
  input.startupMessages.push(...plan.messages);
  if (plan.start.length === 0) return undefined;
  return createMcpRuntime({
    servers: plan.start,
    env: input.env,
    workroot: input.workroot,
    startupMessages: input.startupMessages,
    ...(input.apiSearch ? { apiSearch: true } : {}),
  });
}
