/** The wired session `buildHarness` returns (split from build.ts, which wires it). */
import type { Agent } from '@coding-harness/agent';
import type { ProviderRegistry } from '@coding-harness/model';
import type { Grant, Policy } from '@coding-harness/approval';
import type { DiscoverResult, Skill } from '@coding-harness/skills';
import type { Sandbox, ToolRegistry } from '@coding-harness/tools';
import type { SessionControls } from './controls.js';
import type { SkillsReload } from './reload.js';
import type { SlashRoute } from './slash.js';
import type { RewindPlugin } from './rewind/plugin.js';
import type { McpRuntime } from './mcp/runtime.js';
import type { LoadedSettings } from './settings/types.js';
import type { LoadedMemory } from './memory/load.js';

/** A wired session: everything a front end needs to run turns and answer slash commands. */
export interface Harness {
  /** The current agent (`resume` replaces it). */
  readonly agent: Agent;
  /** Empty (and never computed) with `--no-skills`. The latest pass: `reloadSkills` replaces it. */
  readonly discovery: DiscoverResult;
  policy: Policy;
  /** The session's tools, built once (a reload or a resume keeps them), e.g. for summarising replayed tool calls. */
  readonly registry: ToolRegistry;
  /** The skills the session offers now (after the trust decision and deny rules); `reloadSkills` replaces them. */
  readonly skills: readonly Skill[];
  /** False with `--no-skills`. */
  skillsEnabled: boolean;
  model: string;
  /** The model providers of the session (today the Anthropic provider): `/model` lists and describes through it. */
  providers: ProviderRegistry;
  workroot: string;
  /** The repository the trust decision is about (git top-level, else the work root). */
  repository: string;
  /** True when this repository's project skills may apply their `allowed-tools` (recorded trust or `--trust`). */
  trusted: boolean;
  /** Lines for stderr before the first prompt: one discovery summary (`2 skills skipped; run harness skills for details`), agent notices. */
  startupMessages: string[];
  /** The session's OS sandbox (on, off with `--no-sandbox`, or unavailable here), for `/sandbox`. */
  sandbox: Sandbox;
  /** The credentials as the wiring read them: redacted from what `@file` mentions and `!command` attach. */
  secrets: readonly string[];
  /** The home directory the session read (`~/.claude/CLAUDE.md` for `/memory user`). */
  home: string;
  /** The environment commands run with (bash, `!command`, hooks): the session's, with the settings files' `env` over it (a repository's only once trusted). */
  commandEnv: NodeJS.ProcessEnv;
  /** `routeSlash` bound to this session's skills and `--no-skills`. */
  route(text: string): SlashRoute;
  /** Standing grants and deny rules of the policy, as `/allowed` shows them (a SlashContext's `grants`). */
  grants(): { allowed: readonly Grant[]; denied: readonly Grant[] };
  /** Model, effort, mode, rules, status, compaction and the session list, for the slash commands (a SlashContext's `session`). */
  readonly controls: SessionControls;
  /**
   * Discovers the skills again (`/reload-skills`), between turns: the agent loads the new set
   * from the next turn and the model is told what was added, removed or re-described, while the
   * system prompt and tool list keep their bytes. Returns what changed.
   */
  reloadSkills(): Promise<SkillsReload>;
  /**
   * Opens the connection to the API now, for the first request to take (the provider's
   * `preconnect`), when the session uses the light fetch; otherwise does nothing. For a front end that
   * waits for the first prompt: called once the prompt is on screen, the TCP and TLS handshakes
   * and Node's CA store (~20-30 ms of CPU) happen while the user types, not after Enter. `-p`
   * does not call it (its request follows at once, so there is nothing to overlap).
   */
  preconnect(): void;
  /**
   * Continues the stored session `id` in place: discovery, trust, tools, policy and the client
   * stay; the conversation, its model and effort are the stored session's. Between turns. An
   * error text when it cannot be loaded (nothing changes then), else undefined.
   */
  resume(id: string): Promise<string | undefined>;
  /** What the current agent noticed when it was made (after `resume`: the resumed session's notes). */
  resumeNotices(): string[];
  /** Ends everything the session started: a running turn is aborted, the session file closed, connections ended. */
  close(): Promise<void>;
  /** Checkpoints of the files before each turn, and `/rewind` (rewind/plugin.ts). */
  readonly rewind?: RewindPlugin;
  /** The settings files as loaded and merged, with each value's file (hooks, plugins and MCP read theirs from here). */
  readonly settings: LoadedSettings;
  /** The memory files in the system prompt, for `/memory`. */
  readonly memory: LoadedMemory;
  /** Lines for the user after start-up (where an "always for this project" rule was saved); the session sends them as `notice` events. */
  onNotice(listener: (message: string) => void): void;
  /** The session's MCP servers (`/mcp`), when any was started. */
  readonly mcp?: McpRuntime;
}
