/**
 * The rewind plugin as a session builds it: its stores under the state dir, and restores held to
 * the same protected paths as write_file and edit_file (the tools package's `protectedReason`).
 */
import fs, { realpathSync } from 'node:fs';
import path from 'node:path';
import { protectedReason } from '@coding-harness/tools';
import { createRewindPlugin } from './plugin.js';
import type { RewindPlugin } from './plugin.js';

export interface RewindWiring {
  workroot: string;
  /** `$XDG_STATE_HOME/coding-harness`. */
  stateDir: string;
  /** Folders no restore writes (the state dir, the config dir, skill folders). */
  protectedDirs: readonly string[];
  clock?: () => Date;
}

/** How many conversations' stores are kept; older ones are deleted when a session starts. */
export const KEPT_STORES = 20;

export function rewindFor(w: RewindWiring): RewindPlugin {
  pruneStores(path.join(w.stateDir, 'rewind'), KEPT_STORES);
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const ctx = { root: real(w.workroot), extraReadRoots: [] as string[], protectedDirs: w.protectedDirs.map(real) };
  return createRewindPlugin({
    root: ctx.root,
    stateDir: w.stateDir,
    // The tools' refusal without its advice to the model: `Refused: x is inside git metadata (...)`.
    protect: (abs) => protectedReason(ctx, abs)?.split('. write_file')[0],
    ...(w.clock ? { clock: w.clock } : {}),
  });
}

/**
 * Deletes all but the `keep` most recently used stores under `dir` (one folder per conversation):
 * each store may hold a copy of the work root, so they must not pile up across sessions.
 */
export function pruneStores(dir: string, keep: number): void {
  let entries: { name: string; mtime: number }[];
  try {
    entries = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => ({
        name: e.name,
        mtime: fs.statSync(path.join(dir, e.name, 'log.jsonl'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
      }));
  } catch {
    return; // no stores yet
  }
  entries.sort((a, b) => b.mtime - a.mtime);
  for (const old of entries.slice(keep)) fs.rmSync(path.join(dir, old.name), { recursive: true, force: true });
}
