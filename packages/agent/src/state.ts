/**
 * The agent's fixed configuration and mutable conversation state, shared by the loop's files.
 * Internal: not exported from the package.
 */
import type { Skill } from '@coding-harness/skills';
import type { ToolContext, ToolRegistry } from '@coding-harness/tools';
import type { BlockPosition } from './cache.js';
import type { Effort, ModelInfo, ThinkingSetting } from './catalogue.js';
import type { AgentEvent, Usage } from './events.js';
import type { Message, SystemBlock } from './messages.js';
import type { ModelClient, RequestTool } from './model-types.js';
import type { Approvals } from './approvals.js';
import type { AgentPolicy } from './policy.js';
import type { RetryPlan } from './retry.js';
import type { SessionRecord, SessionWriter } from './session-store.js';

export interface AgentConfig {
  client: ModelClient;
  model: string;
  /** Marked once at construction: the same bytes in every request. */
  system: SystemBlock[];
  tools: RequestTool[];
  registry: ToolRegistry;
  policy: AgentPolicy;
  /** Open approval questions, answered by request id. */
  approvals: Approvals;
  skills: readonly Skill[];
  makeContext: (signal: AbortSignal, forcedSkill?: string) => ToolContext;
  maxTurns: number;
  /** The catalogue's row for `model` (conservative defaults when unknown). */
  modelInfo: ModelInfo;
  maxTokens: number;
  /** Absent: no `thinking` parameter (the model's own default). */
  thinking?: ThinkingSetting;
  effort?: Effort;
  retry: RetryPlan;
  autoSkills: boolean;
  compactionThreshold: number;
  contextWindow: number;
}

export interface AgentState {
  messages: Message[];
  totals: { usage: Usage; costUsd: number; requests: number };
  /** Skills loaded in this session, latest arguments per name, in first-load order. */
  invokedSkills: Map<string, string>;
  /** Input tokens (uncached + cache read + cache write) of the last request. */
  lastInputTokens: number;
  previousEnd?: BlockPosition;
  turn: number;
  /**
   * Messages queued for the next turn (a mid-conversation system message or a note, queued at
   * resume): appended and persisted in order right after that turn's user message.
   */
  pendingContext: Message[];
  /** Appends a record to the session file (opening it on first use); returns an error text on failure. */
  persist: (record: SessionRecord) => void;
  writer?: SessionWriter;
}

/** Where a turn's events go. */
export type Emit = (event: AgentEvent) => void;
