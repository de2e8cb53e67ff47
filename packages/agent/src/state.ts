/**
 * The agent's fixed configuration and mutable conversation state, shared by the loop's files.
 * Internal: not exported from the package.
 */
import type {
  CacheTtl,
  Effort,
  Message,
  ModelDescriptor,
  ModelProvider,
  PartPosition,
  ProviderRegistry,
  SystemText,
  ThinkingSetting,
  ToolSpec,
  Usage,
} from '@coding-harness/model';
import type { Skill } from '@coding-harness/skills';
import type { ToolContext, ToolRegistry } from '@coding-harness/tools';
import type { AgentEvent } from './events.js';
import type { PluginRecord } from './hooks.js';
import type { HookRunner } from './hook-runner.js';
import type { Approvals } from './approvals.js';
import type { AgentPolicy } from './policy.js';
import type { RetryPlan } from './retry.js';
import type { SessionRecord, SessionWriter } from './session-store.js';

export interface AgentConfig {
  /** Which provider serves which model id (`setModel` and a skill's `model:` resolve through it). */
  providers: ProviderRegistry;
  /** The provider serving `model`. */
  provider: ModelProvider;
  /** The model id as the caller named it (events and the session file say this). */
  model: string;
  /** `model`'s descriptor (conservative defaults when unknown); requests name `descriptor.id`. */
  descriptor: ModelDescriptor;
  /** The same objects in every request, so a provider can reuse their serialised bytes. */
  system: readonly SystemText[];
  tools: readonly ToolSpec[];
  registry: ToolRegistry;
  policy: AgentPolicy;
  /** Open approval questions, answered by request id. */
  approvals: Approvals;
  skills: readonly Skill[];
  /** The tool context of one batch of calls (the jail, skill folders, read tracker, secrets, the turn's signal). */
  makeContext: (signal: AbortSignal) => ToolContext;
  maxTurns: number;
  maxTokens: number;
  /** Absent: no `thinking` parameter (the model's own default). */
  thinking?: ThinkingSetting;
  effort?: Effort;
  retry: RetryPlan;
  compactionThreshold: number;
  contextWindow: number;
  /** The TTL of the system prompt's and tools' cache breakpoints (absent: the provider's short default). */
  cacheTtl?: CacheTtl;
  /** On a refusal that names a recommended model, retry once on it (else only say so). */
  refusalRetry?: boolean;
  /** The model a request goes to, once per turn, when the model stays overloaded (`--fallback-model`). */
  fallbackModel?: string;
  /** Let the provider clear old tool results from loop requests (tool-result-clearing.ts). */
  clearToolResults?: { keepToolUses: number };
  /** The plugins' hooks, in order. */
  hooks: HookRunner;
  /** Set on a turn's own copy of the config: the turn's id (hooks are told it). */
  turnId?: string;
  /** Set on a thread's own copy of the config: the thread's id. */
  threadId?: string;
}

export interface AgentState {
  /** The conversation's id (the session file's name). */
  sessionId: string;
  messages: Message[];
  totals: { usage: Usage; costUsd: number; requests: number };
  /** Input tokens (uncached + cache read + cache write) of the last request. */
  lastInputTokens: number;
  previousEnd?: PartPosition;
  turn: number;
  /**
   * Messages queued for the next turn (a mid-conversation system message or a note, queued at
   * resume): appended and persisted in order right after that turn's user message.
   */
  pendingContext: Message[];
  /** The plugins' records of this conversation, oldest first (a resumed file's, then those persisted since). */
  records: PluginRecord[];
  /** Appends a record to the session file (opening it on first use); a failure is said once, as an error event. */
  persist: (record: SessionRecord | PluginRecord) => void;
  writer?: SessionWriter;
}

/** Where a turn's events go. */
export type Emit = (event: AgentEvent) => void;
