/**
 * Everything a session tells its front ends, as one union of plain JSON values. Every event of a
 * user turn carries that turn's `turnId`; a subagent's events also carry the `threadId` of its
 * thread; tool events carry the model's `callId`; an approval question carries a `requestId` that
 * the `answer` command names. A front end renders these and never rebuilds state the session has:
 * `message_end` carries the whole message, `status` the session's whole state.
 */
import type { Answer, CallKind, Grant, PermissionMode } from '@coding-harness/approval';
import type { Effort, Message, ModelStopReason, ResultPart, StopDetails, Usage } from '@coding-harness/model';
import type {
  ApprovalHow,
  EventIds,
  SessionStatus,
  SessionSummary,
  SkillsReloadData,
  TurnOutcome,
  TurnStopReason,
} from './base.js';
import type { CommandType } from './commands.js';
import type { ElicitationAnswer, ElicitationField } from './elicitation.js';
import type { SlashResult } from './slash.js';

export type SessionEvent = EventIds &
  (
    | { type: 'turn_start'; turnId: string; turn: number; text: string }
    /** A model request is about to be sent (one turn may send several). */
    | { type: 'request_start'; request: number }
    | { type: 'text_delta'; text: string }
    | { type: 'thinking_delta'; text: string }
    /** An assistant message is complete: the whole message, as the transcript keeps it. */
    | { type: 'message_end'; message: Message; stopReason: ModelStopReason | null }
    /** A tool call's input is complete; `forced` when the session made it (`/slug`, an auto-match). */
    | {
        type: 'tool_call_started';
        callId: string;
        name: string;
        kind: CallKind;
        input: unknown;
        summary: string;
        forced: boolean;
      }
    /**
     * Output of a running tool as it arrives (a command's stdout and stderr lines). `stream`, when
     * set, names the pipe (the user's `!command` keeps stderr apart); unset, both in order.
     */
    | { type: 'tool_update'; callId: string; text: string; elapsedMs: number; stream?: 'stdout' | 'stderr' }
    /**
     * A question for the user, answered by the `answer` command naming `requestId`. `alwaysRule`:
     * the rule an "always" answer adds ('' when it adds none and allows this call only), said
     * before the answer; `alwaysCovers`, when known, what that rule covers in words.
     */
    | {
        type: 'approval_requested';
        requestId: string;
        callId: string;
        tool: string;
        kind: CallKind;
        summary: string;
        target?: string;
        preview?: string;
        alwaysRule: string;
        alwaysCovers?: string;
        /** What a non-interactive client should tell the user to allow it next time (a flag, a rule). */
        allowHint?: string;
      }
    | {
        type: 'approval_resolved';
        requestId?: string;
        callId: string;
        allowed: boolean;
        how: ApprovalHow;
        message?: string;
      }
    /**
     * A tool call is done; `content` is what the model gets. `diff`: what a write changed (a
     * unified diff, capped), for people, whether or not a question showed it.
     */
    | {
        type: 'tool_call_finished';
        callId: string;
        name: string;
        isError: boolean;
        display: string;
        content: ResultPart[];
        diff?: string;
      }
    | { type: 'usage'; request: number; model: string; usage: Usage; costUsd: number }
    /** A request failed and is sent again after `delayMs`; `partialDiscarded`: drop what was shown of it. */
    | {
        type: 'retry';
        attempt: number;
        maxAttempts: number;
        delayMs: number;
        reason: string;
        partialDiscarded?: boolean;
      }
    | { type: 'compaction'; tokensBefore: number; tokensAfter: number; reattachedSkills: string[] }
    /** A subagent's thread began under the tool call `parentCallId`; its events carry `threadId`. */
    | { type: 'thread_start'; threadId: string; parentCallId: string; name: string }
    | { type: 'thread_end'; threadId: string; stopReason: TurnStopReason }
    /** Something worth showing that is not an error (a skill auto-loaded, a dropped torn line). */
    | { type: 'notice'; message: string }
    | { type: 'error'; message: string; fatal: boolean }
    | {
        type: 'turn_end';
        turnId: string;
        turn: number;
        stopReason: TurnStopReason;
        outcome: TurnOutcome;
        stopDetails?: StopDetails;
        usage: Usage;
        costUsd: number;
      }
    /** The session's state changed (model, effort, mode, totals, skills, a new conversation). */
    | { type: 'status'; status: SessionStatus }
    /** A command finished; `commandId` is the id it was sent with. */
    | { type: 'command_result'; commandId: string; result: CommandResult }
    /** The session ended (`close`); nothing follows. */
    | { type: 'closed' }
    /**
     * An MCP server asks the user for input (`message`, a flat form of `fields`), answered by the
     * `answer_elicitation` command naming `requestId`; what the user gives goes to `server`.
     */
    | { type: 'elicitation_requested'; requestId: string; server: string; message: string; fields: ElicitationField[] }
    /** The question `requestId` was answered (or cancelled: the request ended, the session closed). */
    | { type: 'elicitation_resolved'; requestId: string; action: ElicitationAnswer['action'] }
  );

export type SessionEventType = SessionEvent['type'];

/** One event type's shape. */
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;

/** Re-exported for clients that answer questions: the answers a question takes. */
export type { Answer, Grant };

/** The data each command returns when it succeeds. */
export interface CommandData {
  send: { turnId: string; stopReason: TurnStopReason; outcome: TurnOutcome };
  answer: { requestId: string };
  interrupt: { interrupted: boolean };
  set_model: { model: string; previous: string };
  set_effort: { effort?: Effort };
  set_mode: { mode: PermissionMode; previous: PermissionMode };
  cycle_mode: { mode: PermissionMode; previous: PermissionMode };
  add_rule: { list: 'allow' | 'deny'; rule: string };
  remove_rule: { removed: Grant[] };
  compact: { compacted: boolean; tokensBefore?: number; tokensAfter?: number; message?: string };
  clear: { sessionId: string };
  resume: { sessionId: string };
  list_sessions: { sessions: SessionSummary[]; current: string };
  status: { status: SessionStatus };
  reload_skills: SkillsReloadData;
  history: { sessionId: string; events: SessionEvent[] };
  slash: SlashResult;
  close: Record<string, never>;
  answer_elicitation: { requestId: string };
}

/** A command's outcome: its data, or an error text naming what was wrong and what is accepted. */
export type CommandResult =
  | { [K in CommandType]: { ok: true; type: K; data: CommandData[K] } }[CommandType]
  | { ok: false; type: CommandType; error: string };

/** The successful result of one command type. */
export type ResultOf<T extends CommandType> = Extract<CommandResult, { ok: true; type: T }>;
