import { realpathSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { findGitTop, readRegularFile, refusalText, replaceRegularFile } from '@coding-harness/skills';
import { configDir } from './config.js';
import type { HarnessEnv } from './config.js';

/**
 * Whether a repository's own skills may widen permissions. A cloned repository ships its
 * `.agents/skills` and `.claude/skills`; their `allowed-tools` would pre-approve tool calls, so
 * they apply only after the user said so once for that repository. The decision is stored in
 * the user's config dir (never in the repository, which could ship its own "yes").
 */
export type TrustDecision = 'trusted' | 'never';

/** One recorded decision. */
export interface TrustEntry {
  decision: TrustDecision;
  /** ISO time of the decision. */
  at: string;
}

/** The decisions on disk, or why the file could not be read (a value: the caller shows it; nothing was trusted). */
export type TrustRead =
  | { ok: true; entries: Record<string, TrustEntry> }
  | { ok: false; entries: Record<string, TrustEntry>; problem: string };

/** `$XDG_CONFIG_HOME/coding-harness/trust.json`, else `<home>/.config/coding-harness/trust.json`. */
export function trustFile(env: HarnessEnv, home: string): string {
  return join(configDir(env, home), 'trust.json');
}

/**
 * The key a decision is stored under: the repository of `workroot` (`findGitTop`: the nearest
 * `.git` the user owns, never above `home`), else `workroot`, symlinks resolved. A repository
 * nested in a trusted one (a submodule, a vendored clone) has its own key: its own decision.
 */
export function repositoryKey(workroot: string, home?: string): string {
  const dir = findGitTop(workroot, home) ?? workroot;
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

function isEntry(value: unknown): value is TrustEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.decision === 'trusted' || v.decision === 'never') && typeof v.at === 'string';
}

/** A trust file larger than this is not read (a real one holds a line per repository). */
const TRUST_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Reads the decisions. A missing file is "no decisions"; an unreadable or malformed one is a
 * problem naming the file, with no decisions (so nothing is trusted by accident). Entries that
 * are not `{ decision, at }` under an absolute path are ignored.
 */
export function readTrust(file: string): TrustRead {
  // Read without blocking: a FIFO or device at this path is a problem, never a hang.
  const read = readRegularFile(file, TRUST_MAX_BYTES);
  if (!read.ok && read.why === 'missing') return { ok: true, entries: {} };
  if (!read.ok)
    return { ok: false, entries: {}, problem: `${file} ${refusalText(read)}: the trust decisions could not be read` };
  const text = read.bytes.toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      entries: {},
      problem: `${file}: not valid JSON (${(err as Error).message}); no repository is trusted until it is fixed or removed`,
    };
  }
  const repos = (data as { repositories?: unknown } | null)?.repositories;
  if (typeof repos !== 'object' || repos === null || Array.isArray(repos)) {
    return {
      ok: false,
      entries: {},
      problem: `${file}: expected {"repositories": {...}}; no repository is trusted until it is fixed or removed`,
    };
  }
  const entries: Record<string, TrustEntry> = {};
  // Keys are absolute paths; anything else (`__proto__` included) is ignored.
  for (const [repo, entry] of Object.entries(repos))
    if (isAbsolute(repo) && isEntry(entry)) entries[repo] = { decision: entry.decision, at: entry.at };
  return { ok: true, entries };
}

/** The decision recorded for `repo`, if any. */
export function trustDecision(file: string, repo: string): { decision?: TrustDecision; problem?: string } {
  const read = readTrust(file);
  const entry = Object.hasOwn(read.entries, repo) ? read.entries[repo] : undefined;
  return { ...(entry ? { decision: entry.decision } : {}), ...(read.ok ? {} : { problem: read.problem }) };
}

/**
 * Records `decision` for `repo`: the file is rewritten whole (temp file, then rename) with mode
 * 0600 in a 0700 directory, and only over a regular file (`replaceRegularFile`: a trust.json that
 * is a device, FIFO or link to one is left alone). Returns undefined when written, else the
 * problem naming the file.
 */
export function recordTrust(
  file: string,
  repo: string,
  decision: TrustDecision,
  now: Date = new Date(),
): string | undefined {
  const read = readTrust(file);
  if (!read.ok) return `${read.problem}; the decision for ${repo} was not recorded`;
  const repositories = { ...read.entries, [repo]: { decision, at: now.toISOString() } };
  const error = replaceRegularFile(file, `${JSON.stringify({ repositories }, null, 2)}\n`, {
    mode: 0o600,
    dirMode: 0o700,
  });
  return error === undefined ? undefined : `${error}; the trust decision for ${repo} was not recorded`;
}
