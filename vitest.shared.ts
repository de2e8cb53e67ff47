import { availableParallelism } from 'node:os';

/**
 * Shared by every workspace's vitest.config.ts: workspace packages resolve to their TypeScript
 * sources through the `@coding-harness/source` export condition, so a package's tests run the
 * current code of the packages it depends on, not whatever `dist/` was last built.
 * Vite applies `resolve.conditions` to client code only; the tests run as SSR, which needs
 * `ssr.resolve.conditions` too (without it, imports silently fell through to `dist/`). The rest of
 * the list is Vite's default server conditions, kept so third-party packages resolve as before.
 * `src/workspace-sources.test.ts` in the agent and session packages fails if this stops working.
 */
export const sourceConditions = {
  resolve: { conditions: ['@coding-harness/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@coding-harness/source', 'module', 'node', 'development|production'] } },
};

/**
 * What every workspace's tests share besides the source conditions. The limits are for a busy
 * machine (CI on two cores shared with other work, turbo running every package's suite at once):
 * a limit only decides how long a broken test takes to fail, never whether a correct one passes,
 * so they are generous, and no test asserts a duration (benchmarks measure those). The setup file
 * fails a test file after which /dev/null is no longer the null device.
 */
export const testDefaults = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  teardownTimeout: 60_000,
  setupFiles: [new URL('./vitest.machine-guard.ts', import.meta.url).pathname],
};

/**
 * For suites that spawn many processes (bins, bash, tmux servers, mock servers): at most two test
 * files at a time, and one on a machine with two cores or fewer (vitest's own default there), so
 * the processes a file starts are not competing with those of many other files on a busy machine.
 */
export const spawnsProcesses = { maxWorkers: Math.max(1, Math.min(2, availableParallelism() - 1)) };
