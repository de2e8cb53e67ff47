import type { spawn as Spawn } from 'node:child_process';

let spawnFn: typeof Spawn | undefined;

/**
 * node:child_process's `spawn`, loaded on the first command rather than at import: every session
 * loads the tool registry (so `bash.ts` and `grep-rg.ts`), and a `harness -p` run that never runs
 * a command would otherwise pay ~1.3 ms of CPU at start-up to load child_process. An explicit
 * `import()`, so what the module loads stays visible.
 */
export async function loadSpawn(): Promise<typeof Spawn> {
  spawnFn ??= (await import('node:child_process')).spawn;
  return spawnFn;
}
