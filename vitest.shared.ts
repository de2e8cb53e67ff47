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
