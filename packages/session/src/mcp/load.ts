/**
 * The session's MCP servers: the configuration files in Claude Code's places read from disk
 * (every file through `readRegularFile`: a repository's `.mcp.json` may be a FIFO or a link to a
 * device), merged by scope, then sorted into the servers that start and the ones held back: a
 * repository's servers start only when the repository is trusted and each was approved once.
 */
import { configSources, mergeSources } from '@coding-harness/mcp';
import type { ConfigSource, ConfiguredServer } from '@coding-harness/mcp';
import { readRegularFile } from '@coding-harness/skills';
import { isApproved, readApprovals, recordApprovals } from './approvals.js';
import type { ProjectServerSettings } from './extra-sources.js';

/** A configuration file larger than this is refused (`~/.claude.json` holds history too: generous). */
const MAX_CONFIG_BYTES = 64 << 20;

export interface McpLoadInput {
  root: string;
  home: string;
  cwd: string;
  /** `--mcp-config` values. */
  configFlags: readonly string[];
  strict: boolean;
  /** More sources (settings files' `mcpServers`, plugins' `.mcp.json`), merged by their scope. */
  extraSources?: readonly ConfigSource[];
}

function readText(path: string): { text: string } | { missing: true } | { error: string } {
  const read = readRegularFile(path, MAX_CONFIG_BYTES);
  if (read.ok) return { text: read.bytes.toString('utf8') };
  if (read.why === 'missing') return { missing: true };
  return { error: read.why === 'too-large' ? `larger than ${MAX_CONFIG_BYTES} bytes` : `${read.why} (${read.code})` };
}

/** Every configured server (one per name) and the problems found, as lines naming the file. */
export function loadMcpServers(input: McpLoadInput): { servers: ConfiguredServer[]; problems: string[] } {
  const found = configSources({
    root: input.root,
    home: input.home,
    cwd: input.cwd,
    configFlags: input.configFlags,
    strict: input.strict,
    read: readText,
  });
  // ~/.claude.json holds much more than servers: a file that never says mcpServers is not parsed.
  const sources = [...found.sources, ...(input.extraSources ?? [])].filter((s) => s.text.includes('"mcpServers"'));
  const merged = mergeSources(sources);
  const problems = [...found.problems, ...merged.problems].map((p) => `MCP config ${p.source}: ${p.message}`);
  return { servers: merged.servers, problems };
}

export interface StartPlanInput {
  servers: readonly ConfiguredServer[];
  /** The repository is trusted (recorded trust or `--trust`). */
  trusted: boolean;
  /** The repository key approvals are recorded under. */
  repo: string;
  approvalsFile: string;
  /** `--approve-mcp NAME` values (`all` approves every project server): recorded, then started. */
  approve: readonly string[];
  /** Settings' `enableAllProjectMcpServers`, `enabledMcpjsonServers`, `disabledMcpjsonServers`. */
  settings?: ProjectServerSettings;
}

/**
 * The servers to start now, one line per server held back naming how to start it, and the
 * trusted repository's servers held only for want of an approval (`unapproved`: a front end
 * may ask about them, mcp/ask.ts).
 */
export function planStart(input: StartPlanInput): {
  start: ConfiguredServer[];
  messages: string[];
  unapproved: ConfiguredServer[];
} {
  const project = input.servers.filter((s) => s.scope === 'project');
  const start = input.servers.filter((s) => s.scope !== 'project');
  const messages: string[] = [];
  const unapproved: ConfiguredServer[] = [];
  if (project.length === 0) return { start, messages, unapproved };
  if (!input.trusted) {
    messages.push(
      `MCP servers of ${project[0]?.source} not started (${project.map((s) => s.name).join(', ')}): this repository is not trusted; harness --trust records that it is`,
    );
    return { start, messages, unapproved };
  }
  const settings = input.settings;
  const disabled = (s: ConfiguredServer) => settings?.disabled.find((d) => d.value === s.name);
  const bySettings = (s: ConfiguredServer) =>
    settings?.enableAll?.value === true || (settings?.enabled.some((e) => e.value === s.name) ?? false);
  const named = (s: ConfiguredServer) => input.approve.includes('all') || input.approve.includes(s.name);
  const toRecord = project.filter((s) => named(s) && !disabled(s));
  if (toRecord.length > 0) {
    const problem = recordApprovals(input.approvalsFile, input.repo, toRecord);
    if (problem !== undefined) messages.push(problem);
  }
  const { approvals, problem } = readApprovals(input.approvalsFile);
  if (problem !== undefined) messages.push(problem);
  for (const server of project) {
    const off = disabled(server);
    if (off)
      messages.push(
        `MCP server ${server.name} of ${server.source} not started: disabledMcpjsonServers in ${off.file} lists it`,
      );
    else if (named(server) || bySettings(server) || isApproved(approvals, input.repo, server.name, server.config))
      start.push(server);
    else {
      unapproved.push(server);
      messages.push(
        `MCP server ${server.name} of ${server.source} not started: not approved yet (or its command changed); harness --approve-mcp ${server.name} approves it (--approve-mcp all: every server of .mcp.json)`,
      );
    }
  }
  return { start, messages, unapproved };
}
