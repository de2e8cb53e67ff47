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

/** Dirs as given and as resolved, kept per array: the agent passes the same arrays to every batch. */
interface Resolved {
  given: string[];
  real: string[];
}
const realSkillDirs = new WeakMap<readonly Skill[], Resolved>();
const realDirs = new WeakMap<readonly string[], Resolved>();

/**
 * `realRoot` of each dir, deduplicated. Resolved again only when the array's dirs differ from
 * last time (compared as strings, no file call): an array grown in place (a reload adding
 * protected folders) is resolved again, an unchanged one is not.
 */
function realOnce<T>(cache: WeakMap<readonly T[], Resolved>, list: readonly T[], dir: (item: T) => string): string[] {
  const given = list.map(dir);
  const known = cache.get(list);
  if (known !== undefined && known.given.length === given.length && known.given.every((d, i) => d === given[i]))
    return [...known.real];
  const real = [...new Set(given.map((d) => realRoot(d)))];
  cache.set(list, { given, real });
  return [...real];
}

/**
 * Builds a ToolContext: the root realpath'd, the skill directories as extra read roots
 * (deduplicated, realpath'd), a fresh read tracker and a never-firing signal unless given. The
 * secrets are the given ones plus the values of the credential variables set in `env`. The skill
 * and protected dirs are resolved once per array (with 10,000 skills, resolving them for every
 * tool batch cost tens of milliseconds); a caller with new dirs passes a new array.
 */
export function createToolContext(opts: ToolContextOptions): ToolContext {
  const env = opts.env ?? process.env;
  const ctx: ToolContext = {
    root: realRoot(opts.root),
    extraReadRoots: realOnce(realSkillDirs, opts.skills ?? [], (s) => s.dir),
    readTracker: opts.readTracker ?? createReadTracker(),
    signal: opts.signal ?? new AbortController().signal,
    protectedDirs: realOnce(realDirs, opts.protectedDirs ?? [], (d) => d),
    secrets: [...new Set([...(opts.secrets ?? []), ...secretsFromEnv(env)])],
    secretLabels: secretLabelsFromEnv(env),
  };
  if (opts.forcedSkill !== undefined) ctx.forcedSkill = opts.forcedSkill;
  if (opts.readFilter !== undefined) ctx.readFilter = opts.readFilter;
  if (opts.sessionId !== undefined) ctx.sessionId = opts.sessionId;
  if (opts.authorizeCommand !== undefined) ctx.authorizeCommand = opts.authorizeCommand;
  return ctx;
}
