import type { Skill } from '@coding-harness/skills';
import { realRoot } from './jail.js';
import { createReadTracker } from './read-tracker.js';
import type { ReadTracker, ToolContext } from './types.js';

/** What a front end or the agent knows when it builds the per-call context. */
export interface ToolContextOptions {
  root: string;
  skills?: readonly Skill[];
  signal?: AbortSignal;
  readTracker?: ReadTracker;
  forcedSkill?: string;
}

/**
 * Builds a ToolContext: the root realpath'd, the skill directories as extra read roots
 * (deduplicated, realpath'd), a fresh read tracker and a never-firing signal unless given.
 */
export function createToolContext(opts: ToolContextOptions): ToolContext {
  const extra = [...new Set((opts.skills ?? []).map((s) => realRoot(s.dir)))];
  const ctx: ToolContext = {
    root: realRoot(opts.root),
    extraReadRoots: extra,
    readTracker: opts.readTracker ?? createReadTracker(),
    signal: opts.signal ?? new AbortController().signal,
  };
  if (opts.forcedSkill !== undefined) ctx.forcedSkill = opts.forcedSkill;
  return ctx;
}
