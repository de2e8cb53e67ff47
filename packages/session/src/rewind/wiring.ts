/**
 * The rewind plugin as a session builds it: its stores under the state dir, and restores held to
 * the same protected paths as write_file and edit_file (the tools package's `protectedReason`).
 */
import { realpathSync } from 'node:fs';
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

export function rewindFor(w: RewindWiring): RewindPlugin {
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
