/** Memory files (AGENTS.md, CLAUDE.md, CLAUDE.local.md, `~/.claude/CLAUDE.md`) with their `@path` imports. */
export { loadMemory, PROJECT_MEMORY_NAMES } from './load.js';
export type { LoadedMemory, MemoryFile, MemoryInputs, MemoryScope } from './load.js';
export { importPaths, followImports, MAX_IMPORT_DEPTH, MEMORY_MAX_BYTES } from './imports.js';
export { nestedMemoryPlugin } from './nested.js';
export type { NestedMemoryOptions } from './nested.js';
