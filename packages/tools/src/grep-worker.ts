/**
 * Formerly the entry of grep's helper thread. The built-in search now runs on the calling thread
 * (block by block, yielding every 50 ms; see docs/2026-12-01-tools-safety.md): a thread that could
 * only start from the compiled build made the search depend on how the package was loaded. This
 * empty module stays only so a bundler step that still names `grep-worker.js` keeps building.
 */
export {};
