/**
 * The two steps `buildHarness` takes for MCP: reading the configuration early (rules naming a
 * server must parse before anything starts), and starting the servers once the repository's
 * trust is known. A session with no server configured gets nothing: no tools, no hooks, and the
 * SDK is never loaded.
 */
import type { ConfiguredServer } from '@coding-harness/mcp';
import type { ToolRuleEntry } from '@coding-harness/tools';
import type { HarnessFlags } from '../args.js';
import type { HarnessEnv } from '../config.js';
import { mcpApprovalsFile } from './approvals.js';
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
  /** A front end answers servers' questions (elicitation). */
  canElicit?: boolean;
}

/** Starts the servers that may start (in the background); undefined when none may. */
export function startMcp(input: McpStartInput): McpRuntime | undefined {
  input.startupMessages.push(...input.read.problems);
  if (input.read.servers.length === 0) return undefined;
  const plan = planStart({
    servers: input.read.servers,
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
    canElicit: input.canElicit ?? false,
  });
}
