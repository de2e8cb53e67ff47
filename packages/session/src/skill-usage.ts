/**
 * How often this user invoked each skill, kept under the XDG state dir so the skills listing can
 * give its descriptions to the skills people use when not all fit. Read once at start (the
 * listing is part of the cached prefix), written by the skills plugin after each successful load.
 * Every failure is a notice naming the file, never a crash: the listing then ranks by name.
 */
import { join } from 'node:path';
import { readRegularFile, refusalText, replaceRegularFile } from '@coding-harness/skills';
import type { HarnessEnv } from './config.js';

/** `$XDG_STATE_HOME/coding-harness/skill-usage.json`, else `~/.local/state/coding-harness/skill-usage.json`. */
export function skillUsageFile(env: HarnessEnv, home: string): string {
  const state =
    env.XDG_STATE_HOME !== undefined && env.XDG_STATE_HOME.startsWith('/')
      ? env.XDG_STATE_HOME
      : join(home, '.local', 'state');
  return join(state, 'coding-harness', 'skill-usage.json');
}

/** The counts by skill name; `notice` says why the file was not used (unreadable, corrupt). */
export interface SkillUsageRead {
  counts: Record<string, number>;
  notice?: string;
}

/** Parses the file's text: `{ "version": 1, "counts": { "name": n } }`, keeping only whole counts >= 1. */
function parseCounts(text: string): Record<string, number> | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  const counts = (data as { counts?: unknown } | null)?.counts;
  if (
    typeof data !== 'object' ||
    data === null ||
    typeof counts !== 'object' ||
    counts === null ||
    Array.isArray(counts)
  )
    return 'no "counts" object';
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [name, n] of Object.entries(counts as Record<string, unknown>))
    if (typeof n === 'number' && Number.isInteger(n) && n >= 1) out[name] = n;
  return out;
}

/** A usage file larger than this is not read (a real one holds a line per skill used). */
const USAGE_MAX_BYTES = 16 * 1024 * 1024;

/** Reads the counts; a missing file is empty and silent, anything else wrong an empty result with a notice. */
export function readSkillUsage(file: string): SkillUsageRead {
  // Read without blocking: a FIFO or device at this path is a notice, never a hang.
  const read = readRegularFile(file, USAGE_MAX_BYTES);
  if (!read.ok && read.why === 'missing') return { counts: {} };
  if (!read.ok)
    return {
      counts: {},
      notice: `skill usage counts not read: ${file}: ${read.why === 'error' ? read.code : refusalText(read)}`,
    };
  const text = read.bytes.toString('utf8');
  const counts = parseCounts(text);
  if (typeof counts === 'string')
    return {
      counts: {},
      notice: `skill usage counts ignored: ${file} is ${counts}; the listing ranks skills by name (the next skill use rewrites the file)`,
    };
  return { counts };
}

/**
 * Adds one use of `name`: re-reads the file (another session may have written it since), adds
 * one, and replaces the file through a temporary one in the same folder, so a reader never sees
 * half a file (only a regular file is replaced: see `replaceRegularFile`). Returns an error
 * message naming the file, or undefined.
 */
export function recordSkillUse(file: string, name: string): string | undefined {
  const { counts } = readSkillUsage(file);
  counts[name] = (counts[name] ?? 0) + 1;
  const sorted = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const error = replaceRegularFile(file, `${JSON.stringify({ version: 1, counts: sorted }, null, 2)}\n`, {
    mode: 0o600,
    dirMode: 0o700,
  });
  return error === undefined ? undefined : `skill usage not recorded: ${error}`;
}
