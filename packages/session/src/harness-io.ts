/** What a front end supplies to `buildHarness` besides flags and env (split from build.ts). */
import type { Hooks } from '@coding-harness/agent';
import type { TextFileIo, Tool } from '@coding-harness/tools';
import type { AskTrustFn } from './project-trust.js';
import type { AskMcpServerFn } from './mcp/ask.js';
/**
 * Agent settings that are not flags: the evals make compaction reachable in a short task and fix
 * the clock so the system prompt's date line never changes between runs. Users never set these.
 */
export interface HarnessTuning {
  contextWindow?: number;
  compactionThreshold?: number;
  clock?: () => Date;
  /** grep's engine: a path to rg, null never to use rg (byte-identical runs), undefined to look on PATH. */
  rgPath?: string | null;
}

/** What a front end supplies besides flags and env. */
export interface HarnessIo {
  home: string;
  cwd: string;
  /** Replaces the Anthropic provider's default node:http fetch (tests, the evals' mock server). */
  fetch?: typeof fetch;
  tuning?: HarnessTuning;
  /**
   * A person drives this session (the REPL, the TUI, an editor), so pauses between requests often
   * outlast 5 minutes: the system prompt's and tools' cache entries get the 1-hour TTL
   * (`HARNESS_CACHE_TTL` overrides). Absent (`-p`, the evals): 5 minutes.
   */
  interactive?: boolean;
  /**
   * Asked once when the repository has no trust decision and a project skill has `allowed-tools`
   * (the REPL and the TUI); without it (`-p`) those grants are absent and a start-up message names `--trust`.
   */
  askTrust?: AskTrustFn;
  /**
   * Asked about each server of a trusted repository's `.mcp.json` not approved yet (the REPL);
   * without it those servers wait for `--approve-mcp` and a start-up line names it.
   */
  askMcpServer?: AskMcpServerFn;
  /**
   * Text-file I/O for read_file, write_file and edit_file through the front end (an editor's
   * buffers over ACP), behind the same jail, protected paths and approval; absent: the disk.
   */
  files?: TextFileIo;
  /**
   * More tools for the session (a library user's, an MCP server's: any `Tool` of
   * `@coding-harness/tools`), after the built-in ones and the skill tool. Rules and a skill's
   * `allowed-tools` name them like the built-in ones.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each tool has its own input type
  tools?: readonly Tool<any>[];
  /** More plugins on the loop's hooks (settings hooks, a library user's), after the skills plugin, in order. */
  hooks?: readonly Hooks[];
}
