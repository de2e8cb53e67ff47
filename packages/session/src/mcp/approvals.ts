/**
 * Which of a repository's `.mcp.json` servers the user approved, remembered under the XDG state
 * dir (never in the repository, which could ship its own "yes"). An approval is for what the
 * server runs (its command, arguments and cwd, or its URL): when the repository changes that,
 * the server is held again until approved again.
 */
import { join } from 'node:path';
import type { ServerConfig } from '@coding-harness/mcp';
import { readRegularFile, replaceRegularFile } from '@coding-harness/skills';
import type { HarnessEnv } from '../config.js';

const MAX_BYTES = 1 << 20;

/** `$XDG_STATE_HOME/coding-harness/mcp-approvals.json`, else `<home>/.local/state/coding-harness/mcp-approvals.json`. */
export function mcpApprovalsFile(env: HarnessEnv, home: string): string {
  const state = env.XDG_STATE_HOME?.startsWith('/') ? env.XDG_STATE_HOME : join(home, '.local', 'state');
  return join(state, 'coding-harness', 'mcp-approvals.json');
}

/**
 * What an approval is for: the program, its arguments and cwd (or the transport and URL), as
 * readable text (the file shows what was approved; no hashing, which would load node:crypto at start).
 */
export function fingerprint(config: ServerConfig): string {
  return config.type === 'stdio'
    ? JSON.stringify([config.command, ...config.args, ...(config.cwd !== undefined ? [`cwd=${config.cwd}`] : [])])
    : `${config.type} ${config.url}`;
}

type Approvals = Record<string, Record<string, string>>;

/** The approvals by repository, or a problem naming the file (then nothing counts as approved). */
export function readApprovals(file: string): { approvals: Approvals; problem?: string } {
  const read = readRegularFile(file, MAX_BYTES);
  if (!read.ok)
    return read.why === 'missing'
      ? { approvals: {} }
      : { approvals: {}, problem: `${file}: unreadable (${read.code})` };
  try {
    const doc = JSON.parse(read.bytes.toString('utf8')) as { repositories?: unknown };
    const repos = doc.repositories;
    if (typeof repos !== 'object' || repos === null) return { approvals: {} };
    return { approvals: repos as Approvals };
  } catch {
    return { approvals: {}, problem: `${file}: not valid JSON (delete it to approve the servers again)` };
  }
}

export function isApproved(approvals: Approvals, repo: string, name: string, config: ServerConfig): boolean {
  return approvals[repo]?.[name] === fingerprint(config);
}

/** Records the servers as approved for `repo`; a problem naming the file when it could not be written. */
export function recordApprovals(
  file: string,
  repo: string,
  servers: readonly { name: string; config: ServerConfig }[],
): string | undefined {
  const { approvals, problem } = readApprovals(file);
  if (problem !== undefined) return `${problem}; the approval was not recorded`;
  const mine = { ...(approvals[repo] ?? {}) };
  for (const server of servers) mine[server.name] = fingerprint(server.config);
  const error = replaceRegularFile(
    file,
    `${JSON.stringify({ repositories: { ...approvals, [repo]: mine } }, null, 2)}\n`,
    {
      mode: 0o600,
      dirMode: 0o700,
    },
  );
  return error === undefined ? undefined : `${error}; the MCP approval was not recorded`;
}
