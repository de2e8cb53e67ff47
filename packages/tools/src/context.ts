import type { Skill } from '@coding-harness/skills';
import { realRoot } from './jail.js';
import { createReadTracker } from './read-tracker.js';
import { secretLabelsFromEnv, secretsFromEnv } from './secrets.js';
import type { ReadTracker, ToolContext } from './types.js';

/** What a front end or the agent knows when it builds the per-call context. */
export interface ToolContextOptions {
  root: string;
  skills?: readonly Skill[];
  signal?: AbortSignal;
  readTracker?: ReadTracker;
  forcedSkill?: string;
  /** Extra absolute dirs write_file/edit_file always refuse (the harness's config and state dirs). */
  protectedDirs?: readonly string[];
  /** A Read/Grep/Glob deny rule on realpaths: false hides the file from grep and glob. */
  readFilter?: (absRealPath: string) => boolean;
  /** Secret values to redact from tool output, on top of the credentials found in `env`. */
  secrets?: readonly string[];
  /** Where the harness's credentials (CREDENTIAL_ENV_NAMES) are looked up; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The session id, for `${CLAUDE_SESSION_ID}` in skill bodies. */
  sessionId?: string;
  /** Judges skill dynamic context commands (see `ToolContext.authorizeCommand`); absent, none runs. */
  authorizeCommand?: ToolContext['authorizeCommand'];
}

/**
 * Builds a ToolContext: the root realpath'd, the skill directories as extra read roots
 * (deduplicated, realpath'd), a fresh read tracker and a never-firing signal unless given. The
 * secrets are the given ones plus the values of the credential variables set in `env`.
 */
export function createToolContext(opts: ToolContextOptions): ToolContext {
  const env = opts.env ?? process.env;
  const extra = [...new Set((opts.skills ?? []).map((s) => realRoot(s.dir)))];
  const ctx: ToolContext = {
    root: realRoot(opts.root),
    extraReadRoots: extra,
    readTracker: opts.readTracker ?? createReadTracker(),
    signal: opts.signal ?? new AbortController().signal,
    protectedDirs: [...new Set((opts.protectedDirs ?? []).map((d) => realRoot(d)))],
    secrets: [...new Set([...(opts.secrets ?? []), ...secretsFromEnv(env)])],
    secretLabels: secretLabelsFromEnv(env),
  };
  if (opts.forcedSkill !== undefined) ctx.forcedSkill = opts.forcedSkill;
  if (opts.readFilter !== undefined) ctx.readFilter = opts.readFilter;
  if (opts.sessionId !== undefined) ctx.sessionId = opts.sessionId;
  if (opts.authorizeCommand !== undefined) ctx.authorizeCommand = opts.authorizeCommand;
  return ctx;
}
