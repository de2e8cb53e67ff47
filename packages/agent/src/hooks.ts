/**
 * The loop's one interception seam: hooks a plugin gives `createAgent({ hooks })`, with pi's
 * semantics. Plugins run in the order given; at each point every plugin's hook runs in turn (a
 * rewrite or a replaced result is what the next one sees), and a block from one stops the rest.
 * Hooks may be async; a hook that throws blocks what it guards (the `before*` hooks: a guard that
 * fails never lets a call through) and is reported as an error event everywhere else.
 *
 * Nothing here names a tool: a plugin recognises its own tool by the object it created
 * (`call.tool === mine`), and forced calls carry their tool object.
 */
import type { PermissionMode } from '@coding-harness/approval';
import type { Effort, Message, SystemText, ThinkingSetting } from '@coding-harness/model';
import type { Tool, ToolRegistry, ToolResult } from '@coding-harness/tools';
import type { AgentEvent, TurnStopReason } from './events.js';
import type { AgentPolicy } from './policy.js';

/**
 * A record a plugin keeps in the session file: any `type` the agent does not write itself. A
 * resumed session gives a plugin back every such record it finds (`HookContext.records`).
 */
export interface PluginRecord {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** What every hook is told: the conversation it runs in. */
export interface HookContext {
  /** The conversation's id (a new one after `Agent.clear()`; the stored one after a resume). */
  readonly sessionId: string;
  /** Aborted when the user stops the turn (or the compaction). */
  readonly signal: AbortSignal;
  /** Sends an event to the front ends (a notice, mostly); inside a thread it carries the thread's id. */
  emit(event: AgentEvent): void;
  /** The transcript as it is now. */
  messages(): readonly Message[];
  /** This conversation's plugin records, oldest first: those of a resumed file, then those persisted since. */
  records(): readonly PluginRecord[];
  /**
   * Appends `record` to the session file and to `records()`. A `type` the agent writes itself
   * (`message`, `compaction`, ...) is a TypeError: a plugin cannot forge the transcript.
   */
  persist(record: PluginRecord): void;
}

/** The model settings a turn's requests use. */
export interface TurnSettings {
  model: string;
  effort?: Effort;
  thinking?: ThinkingSetting;
  maxTokens: number;
  contextWindow: number;
}

/**
 * A change of model and effort for the rest of a turn (a skill's `model:` and `effort:`). `model`
 * may be an alias a provider knows (`sonnet`) or `inherit`; `origin` starts the notices that say
 * what changed or why nothing did (`skill quick`).
 */
export interface SettingsChange {
  model?: string;
  effort?: Effort;
  origin: string;
}

/** A subagent to run as a thread of the turn (today's `context: fork` skill, generalised). */
export interface ThreadSpec {
  /** For people: `thread_start.name` (`skill survey`). */
  name: string;
  /** The tool call the thread runs under (`thread_start.parentCallId`). */
  parentCallId: string;
  system: readonly SystemText[];
  /** The tools it may call (any subset of the session's, or others): its calls go through the same hooks and policy. */
  tools: readonly Tool<unknown>[];
  /** Its first user message. */
  task: string;
  /** Its model and effort, when not the turn's (notices are said as for `switchSettings`). */
  settings?: SettingsChange;
  /** Its own limit of model requests (a custom agent's `maxTurns`); absent: the session's. */
  maxTurns?: number;
  /** The permission mode its calls are decided under (a custom agent's `permissionMode`); absent: the session's. */
  permissionMode?: PermissionMode;
  /** Plugins that run for this thread only, after the session's (a custom agent's own hooks). */
  hooks?: readonly Hooks[];
}

/** How a thread ended: its final text, and why it stopped. */
export interface ThreadEnd {
  stopReason: TurnStopReason;
  text: string;
  requests: number;
  toolCalls: number;
}

/** What a hook inside a turn (or a thread of it) is also told and may do. */
export interface TurnContext extends HookContext {
  readonly turnId: string;
  /** Set for a call made inside a thread. */
  readonly threadId?: string;
  /** The tools calls run with now (the thread's inside a thread). */
  readonly tools: ToolRegistry;
  /** The system prompt the turn's requests send (the thread's inside a thread). */
  readonly system: readonly SystemText[];
  /** The approval policy: turn grants and denies, and `authorize` (pass an `ask` that answers no to ask nobody). */
  readonly policy: AgentPolicy;
  settings(): TurnSettings;
  /**
   * Switches model and/or effort for the rest of this turn (or thread); the session's settings
   * return next turn. A model no provider knows, or an effort the model refuses, changes nothing;
   * either way the notices are emitted.
   */
  switchSettings(change: SettingsChange): void;
  /** Runs a subagent as a thread of this turn and returns how it ended; its requests count in the turn. */
  runThread(spec: ThreadSpec): Promise<ThreadEnd>;
}

/** A call the agent makes itself before the turn's first request; its tool object runs it even when the tool list lacks it. */
export interface ForcedCall {
  tool: Tool<unknown>;
  /** The call's id (default: a fresh `toolu_` id); a plugin that must know its calls apart chooses it. */
  id?: string;
  /** Raw input, validated by the tool like a model's. */
  input: unknown;
}

/** What `beforeTurn` may answer. */
export type BeforeTurn =
  /** The turn is not run: the text is not recorded and `message` is shown (`turn_end` stopReason `blocked`). */
  | { block: string }
  | {
      /** Texts told to the model after the user's (a mid-conversation system message where the model takes one, else a note). */
      context?: readonly string[];
      /** Calls made before the first request, each in its own assistant message (`/slug`, an auto-matched skill). */
      calls?: readonly ForcedCall[];
    };

/** One tool call as hooks see it, after its input validated. */
export interface HookToolCall {
  id: string;
  name: string;
  /** The validated input (after an earlier hook's rewrite, re-validated). */
  input: unknown;
  tool: Tool<unknown>;
  /** True for a call the agent made itself (a `beforeTurn` forced call). */
  forced: boolean;
}

/** What `beforeToolCall` may answer. */
export type BeforeToolCall =
  /** Not run: `reason` is the result the model gets (an error result, `errorCode` `denied`). */
  | { block: string }
  /**
   * Run, with this input instead when `input` is given (raw: validated again; a failure is the
   * call's result), and with `permission` when given: `allow` answers the policy's question yes
   * (deny rules still refuse), `ask` asks the user even when a rule or mode would allow the call
   * (Claude Code's PreToolUse `permissionDecision`). `reason` is said with the question.
   */
  | { input?: unknown; permission?: 'allow' | 'ask'; reason?: string };

/** What a compaction hook is told. */
export interface CompactContext extends HookContext {
  /** `threshold`: the context filled up mid-turn; `manual`: `/compact`. */
  readonly reason: 'threshold' | 'manual';
  /** The focus asked for so far (`/compact <focus>`, and earlier hooks'). */
  readonly focus?: string;
}

/** What `beforeCompact` may answer. */
export type BeforeCompact = { block: string } | { focus: string };

/** Text put back after a compaction's summary, in the one message that replaces the older turns. */
export interface Reattached {
  /** For people (`compaction.reattachedSkills`): what it is. */
  label: string;
  text: string;
}

/** An approval question as `onQuestion` observers see it (Claude Code's Notification hook). */
export interface QuestionAsked {
  requestId: string;
  /** Our tool name. */
  tool: string;
  /** One line for people (`bash: npm test`). */
  summary: string;
}

/** How a thread ended, for `afterThread`. */
export interface ThreadStop {
  threadId: string;
  /** `ThreadSpec.name`. */
  name: string;
  stopReason: TurnStopReason;
  /** How many times `afterThread` already asked this thread to go on. */
  continuations: number;
}

/** How a turn's requests ended, for `afterTurn`. */
export interface TurnEnd {
  turnId: string;
  stopReason: TurnStopReason;
  /** How many times `afterTurn` already asked this turn to go on. */
  continuations: number;
}

type MaybePromise<T> = T | Promise<T>;

/** One plugin: a name (said in failures) and any of the hooks. */
export interface Hooks {
  name: string;
  /** Before the user's text is recorded and the first request is made. */
  beforeTurn?(turn: { text: string }, ctx: TurnContext): MaybePromise<BeforeTurn | undefined | void>;
  /** After the call's input validated, before the tool's own refusal and the approval policy. */
  beforeToolCall?(call: HookToolCall, ctx: TurnContext): MaybePromise<BeforeToolCall | undefined | void>;
  /** After the tool ran (its result already redacted); a returned result replaces it (redacted again). */
  afterToolCall?(
    call: HookToolCall,
    result: ToolResult,
    ctx: TurnContext,
  ): MaybePromise<{ result: ToolResult } | undefined | void>;
  /** Before the summarisation request. */
  beforeCompact?(ctx: CompactContext): MaybePromise<BeforeCompact | undefined | void>;
  /** After the summary was written, before the transcript is replaced. */
  afterCompact?(ctx: CompactContext): MaybePromise<{ reattach: readonly Reattached[] } | undefined | void>;
  /**
   * After the turn's requests ended (every stop reason). `continueWith` (honoured after
   * `end_turn` only, at most `MAX_CONTINUATIONS` times a turn) is sent as a user message and the
   * turn goes on: Claude Code's Stop hook with `decision: block`.
   */
  afterTurn?(end: TurnEnd, ctx: TurnContext): MaybePromise<{ continueWith: string } | undefined | void>;
  /**
   * After a thread's requests ended; `continueWith` (after `end_turn` only, at most
   * `MAX_CONTINUATIONS` times a thread) is sent to the thread and it goes on: Claude Code's
   * SubagentStop hook with `decision: block`. `ctx` is the thread's.
   */
  afterThread?(end: ThreadStop, ctx: TurnContext): MaybePromise<{ continueWith: string } | undefined | void>;
  /** An observer: an approval question was just asked (the question does not wait for it). */
  onQuestion?(question: QuestionAsked, ctx: TurnContext): MaybePromise<void>;
}

/** How many times one turn may be sent on by `afterTurn`: a hook that always asks cannot loop forever. */
export const MAX_CONTINUATIONS = 3;
