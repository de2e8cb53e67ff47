/**
 * The agent's public shape: what `createAgent` takes (`AgentOptions`), what it returns (`Agent`)
 * and what a turn or a skills update passes in. The implementation is in agent.ts.
 */
import type { Answer } from '@coding-harness/approval';
import type {
  CacheTtl,
  Effort,
  Message,
  Part,
  ProviderRegistry,
  ThinkingSetting,
  ToolSpec,
  Usage,
} from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import type { Sandbox, TextFileIo, ToolRegistry } from '@coding-harness/tools';
import type { AgentEvent } from './events.js';
import type { Hooks } from './hooks.js';
import type { CurrentSettings } from './model-switch.js';
import type { AgentPolicy } from './policy.js';
import type { RetryOptions } from './retry.js';
import type { SessionStore } from './session-store.js';

export interface AgentOptions {
  /**
   * The model providers (`createProviderRegistry` of `@coding-harness/model`): `model`, and every
   * model a `setModel` or a skill's `model:` names, resolves through it.
   */
  providers: ProviderRegistry;
  /** A model id the registry resolves (`provider/model` names the provider). */
  model: string;
  registry: ToolRegistry;
  policy: AgentPolicy;
  /**
   * Plugins on the loop's hooks (hooks.ts), in order: before a turn, before and after each tool
   * call, before and after a compaction, after a turn. A block from one stops the rest.
   */
  hooks?: readonly Hooks[];
  skills?: readonly Skill[];
  /**
   * The skills listing in the system prompt: `budgetChars` (default 1% of the model's context
   * window in its descriptor, at 4 characters a token; Claude Code's `SLASH_COMMAND_TOOL_CHAR_BUDGET`
   * when the caller passes it) and `usage`, per-skill invocation counts that decide who keeps a
   * description when not all fit. Read once: the listing is part of the cached prefix.
   */
  skillListing?: { budgetChars?: number; usage?: Readonly<Record<string, number>> };
  /**
   * The name of the tool that loads the listed skills (the skills plugin's), when there is one: a
   * resumed session's note about changed skills reads its `name` enum, and leaves its changing
   * schema to that note rather than calling it a changed tool.
   */
  skillTool?: string;
  workroot: string;
  /** The home config dir holding AGENTS.md / CLAUDE.md (e.g. ~/.config/coding-harness). */
  configDir?: string;
  /**
   * The first system block in place of the harness's own prompt (a library's agent with its own
   * role). AGENTS.md / CLAUDE.md and the skills listing still follow it. Must not be empty.
   */
  systemPrompt?: string;
  /** Default: the model's window from its descriptor (200,000 for an unknown Anthropic id). */
  contextWindow?: number;
  /** Model requests per user turn; default 50. */
  maxTurns?: number;
  /** Max tokens of every request; default: the descriptor's `defaultMaxTokens` for the model. */
  maxTokens?: number;
  /** Default: adaptive where the model accepts it, else no `thinking` parameter. */
  thinking?: ThinkingSetting;
  /** The effort every request asks for; default: none (the model's own default). */
  effort?: Effort;
  clock?: () => Date;
  /** Fraction of the context window that triggers compaction; default 0.8. */
  compactionThreshold?: number;
  /**
   * How long the system prompt's and tools' cache entries live: `1h` for a session a person
   * drives (the REPL, the TUI, an editor), whose pauses often outlast 5 minutes and would
   * otherwise re-write the whole prefix at full price; default the provider's short TTL (5m).
   */
  cacheTtl?: CacheTtl;
  /**
   * When the API refuses a request and recommends another model (`stop_details.recommended_model`),
   * retry the request once on that model, for the rest of the turn; default false: a notice names
   * the model and `/model`.
   */
  refusalRetry?: boolean;
  /** The model a request is sent to, once per turn, when the model stays overloaded after every retry (`--fallback-model`). */
  fallbackModel?: string;
  /**
   * Let the provider clear old tool results from the prompt past half the context window, where
   * the model supports it (tool-result-clearing.ts); the transcript is never changed. Default
   * false; `keepToolUses` overrides how many of the newest results stay (default 4).
   */
  clearToolResults?: boolean | { keepToolUses: number };
  sessionStore?: SessionStore;
  /** Resumes this session: its stored system prompt and tools are sent unchanged; what changed since is told to the model. */
  resumeId?: string;
  /** The id of a new session (`--session-id`), instead of a generated one; ignored when resuming. */
  sessionId?: string;
  /**
   * On resume, continue with the model / the effort the session last switched to (`setModel`,
   * `setEffort`, recorded in the file) instead of `model` / `effort`. Default both true; the
   * session wiring passes false for what the user named for this run (`--model`, `--effort`).
   */
  resumeKeeps?: { model: boolean; effort: boolean };
  /** More folders reading tools may read (`--add-dir`, settings' `additionalDirectories`); never written. */
  readRoots?: readonly string[];
  /** Folders the file tools read and write like the work root (`--add-dir`); see `ToolContext.writeRoots`. */
  writeRoots?: readonly string[];
  /**
   * The memory files' texts, already read (the session's memory loader): used instead of reading
   * AGENTS.md / CLAUDE.md from `configDir` and the work root. Each becomes one system block.
   */
  instructions?: readonly { name: string; path: string; text: string }[];
  /** A last system block (`--append-system-prompt`), after the instruction files and the skills listing. */
  appendSystemPrompt?: string;
  /** False: AGENTS.md / CLAUDE.md are read from `configDir` only, not from the work root (an untrusted clone). Default true. */
  projectInstructions?: boolean;
  retry?: RetryOptions;
  /**
   * Absolute dirs write_file and edit_file always refuse, in every mode (the harness's state dir,
   * personal skill folders...). `configDir` is always protected.
   */
  protectedDirs?: readonly string[];
  /** Secret values (an API key given by flag) redacted from tool output, on top of the credential variables in the environment. */
  secrets?: readonly string[];
  /**
   * The environment tools' commands run with (bash, skill commands), credentials dropped; its
   * credential variables are redacted too. Absent: process.env.
   */
  env?: NodeJS.ProcessEnv;
  /** Text-file I/O for the file tools through someone else (an editor's buffers); see `ToolContext.files`. Absent: the disk. */
  files?: TextFileIo;
  /**
   * The session's OS sandbox (`createSandbox` of the tools package): bash and skill commands run
   * inside it while it is active, and the policy may allow them without a question.
   */
  sandbox?: Sandbox;
  /**
   * Tools the provider runs itself (web search, web fetch: `ToolSpec.server`), after the
   * registry's in the request. Part of the session's prefix like every tool: fixed for the
   * conversation (a resumed one sends what it stored).
   */
  serverTools?: readonly ToolSpec[];
}

export interface Agent {
  readonly sessionId: string;
  /** The system prompt as text (its blocks joined by blank lines). */
  readonly systemPrompt: string;
  /** The model the next request uses (`setModel` changes it between turns). */
  readonly model: string;
  /** Things found at construction worth showing (unreadable AGENTS.md, a resume problem, a torn session line). */
  readonly notices: readonly string[];
  /** True when `resumeId` was loaded. */
  readonly resumed: boolean;
  /** True while a turn or a compaction runs. */
  readonly busy: boolean;
  /**
   * Runs one user turn. Breaking out of the iteration aborts the turn. One turn at a time. A
   * tool call that needs a person's approval emits `approval_requested` and waits for
   * {@link Agent.answer} with its `requestId`; aborting the turn answers every open question no.
   */
  send(text: string, opts?: SendTurnOptions): AsyncIterable<AgentEvent>;
  /** Answers the open approval question `requestId`; false (and nothing changes) when none is open. */
  answer(requestId: string, answer: Answer): boolean;
  /**
   * Ends the agent: a running turn or compaction is aborted and awaited (its events still reach
   * the iterator that was reading them), and the session file is flushed and closed. Nothing is
   * sent or written after it.
   */
  close(): Promise<void>;
  messages(): readonly Message[];
  totals(): { usage: Usage; costUsd: number; requests: number };
  /** A new conversation (new session id), same system prompt and tools. */
  clear(): void;
  /**
   * Between turns: the conversation keeps only its first `keep` messages (a rewind to before a
   * turn). What is kept is byte for byte what was sent, so its thinking stays valid; the session
   * file records a `truncate` record, so a resume sees the same cut. An error text (and nothing
   * changes) while a turn runs or when the cut would not leave a valid transcript.
   */
  truncate(keep: number): string | undefined;
  /** The model settings the next request uses. */
  settings(): CurrentSettings;
  /** The input tokens of the last request, and the context window compaction measures them against. */
  context(): { used: number; window: number };
  /**
   * Between turns: the next request uses `model` (see model-switch.ts for what stays fixed).
   * Returns the problems and changes nothing when the model would refuse the settings or a turn
   * is running; [] when switched.
   */
  setModel(model: string): string[];
  /** Between turns: the next request sends `effort` (undefined: none, the model's default). Same returns as `setModel`. */
  setEffort(effort: Effort | undefined): string[];
  /**
   * Compacts the conversation now (`/compact [focus]`), between turns: the events of the
   * summarisation request (`retry`, `usage`, `notice`, `compaction`), then nothing else. Refused
   * (an `error` event) while a turn runs.
   */
  compact(opts?: { focus?: string; signal?: AbortSignal }): AsyncIterable<AgentEvent>;
  /**
   * After a re-discovery (`/reload-skills`): the folders of `skills` become readable by the tools
   * and `protectedDirs` join the folders no tool may write, from the next turn. The system prompt
   * and the tool list keep every byte (the prompt cache and earlier thinking stay valid); telling
   * the model what changed, and loading the new skills, is the skills plugin's business. Call it
   * between turns.
   */
  updateSkills(update: SkillsUpdate): void;
  /**
   * Offers tools that did not exist at the session's start (an MCP server that came up late, a
   * skills reload), between turns, without changing a byte of the tool list sent so far: from the
   * next turn `registry` runs the calls, and where the model's descriptor says
   * `midConversationTools` the definitions of `names` reach it in a `role: "system"` message after
   * the next user message. Returns what could not be done ([] when every tool was offered): a
   * name the registry lacks, a model that takes no tools after the start, a turn running.
   * Before the conversation's first message the definitions simply join the tool list.
   */
  addTools(update: ToolsUpdate): string[];
}

/** What `Agent.addTools` takes. */
export interface ToolsUpdate {
  /** The registry that runs calls from the next turn on (holding the tools of `names`). */
  registry: ToolRegistry;
  names: readonly string[];
}

/** What `Agent.updateSkills` takes. */
export interface SkillsUpdate {
  skills: readonly Skill[];
  protectedDirs?: readonly string[];
}

/** What one turn may bring besides its text. */
export interface SendTurnOptions {
  /** Aborting it ends the turn with `turn_end` / `aborted`. */
  signal?: AbortSignal;
  /** The turn's id (`turnId` on each of its events); default a fresh random one. */
  turnId?: string;
  /**
   * Parts the user message holds besides the typed text: `before` it (the output of a `!command`
   * the user ran since the last turn), `after` it (the content of `@file` mentions, an image the
   * text named). Hooks and `turn_start` still see the text alone.
   */
  parts?: { before?: readonly Part[]; after?: readonly Part[] };
}
