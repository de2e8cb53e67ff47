/**
 * The protocol's plain data shared by commands, events and slash results: the session's status,
 * how a turn ended, and the listings pickers show.
 */
import type { PermissionMode } from '@coding-harness/approval';
import type { Effort, ModelStopReason, ThinkingSetting, Usage } from '@coding-harness/model';

/**
 * Why a turn ended: the model's last stop reason, or the loop's own (`blocked`: a hook refused
 * the turn before anything was sent).
 */
export type TurnStopReason = ModelStopReason | 'aborted' | 'error' | 'max_turns' | 'empty_answer' | 'blocked';

/**
 * How a turn went, decided once by the session so no front end decides it again:
 * `failed` (an error, a refusal, the request budget spent, an answer with nothing in it, a
 * turn a hook blocked),
 * `aborted` (the user stopped it), else `completed`.
 */
export type TurnOutcome = 'completed' | 'failed' | 'aborted';

/** The ids an event may carry: its turn and, for a subagent's events, its thread. */
export interface EventIds {
  turnId?: string;
  threadId?: string;
}

/** How an approval question was settled. `policy`: no one was asked; `aborted`: the turn ended first. */
export type ApprovalHow = 'policy' | 'once' | 'session' | 'project' | 'deny' | 'aborted';

/** What the session is and does now: the data behind `/status`, a status bar and a prompt. */
export interface SessionStatus {
  sessionId: string;
  model: string;
  effort?: Effort;
  /** The efforts the current model accepts (empty: none). */
  efforts: readonly Effort[];
  thinking?: ThinkingSetting;
  maxTokens: number;
  mode: PermissionMode;
  usage: Usage;
  /** Exact: round only for display. */
  costUsd: number;
  requests: number;
  /** Input tokens of the last request, of the context window. */
  context: { used: number; window: number };
  workroot: string;
  /** How many skills the session offers now (after trust and deny rules). */
  skills: number;
  /** True while a turn or a compaction runs. */
  busy: boolean;
}

/** One stored session, for pickers. */
export interface SessionSummary {
  id: string;
  workroot: string;
  model: string;
  createdAt: string;
  updatedAt: string;
  /** The first user text, shortened. */
  title: string;
}

/** What `reload_skills` found. */
export interface SkillsReloadData {
  added: string[];
  removed: string[];
  changed: string[];
  /** Discovery lines that were not there before (skipped skills, notes). */
  messages: string[];
  /** True when the model is told of the change with the next user message. */
  toldModel: boolean;
}

/** One built-in command, for `/help` and completion menus. */
export interface SlashCommandInfo {
  name: string;
  aliases: readonly string[];
  /** The argument placeholder (empty: none). */
  args: string;
  description: string;
}

/** One skill, for `/skills`, `/help` and completion. */
export interface SkillSummary {
  name: string;
  description: string;
  /** Where it came from (`project`, `personal`, `plugin:name`, a folder). */
  source: string;
  /** Whether `/name` runs it (false: the model only). */
  userInvocable: boolean;
  /** Whether the model may load it (false: `/name` only). */
  modelInvocable: boolean;
  /** Argument hint from the frontmatter, if any. */
  argumentHint?: string;
}

/** One model, for `/model`. */
export interface ModelRow {
  id: string;
  current: boolean;
  contextWindow: number;
  efforts: readonly Effort[];
}

/** One agent the `agent` tool may run, for `/agents`. */
export interface AgentSummary {
  name: string;
  /** `built-in`, `personal` (`~/.claude/agents`), `project` (the repository's `.claude/agents`) or `plugin`. */
  source: string;
  description: string;
  /** The file it was read from (absent for a built-in). */
  file?: string;
  /** Its `tools` as written (absent: every tool). */
  tools?: string[];
  /** Its `model` (absent: the session's). */
  model?: string;
}
