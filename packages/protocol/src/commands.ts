/**
 * What a front end asks of a session. Each command carries an `id` chosen by the client; the
 * session answers every command with one `command_result` event naming that id (and with the
 * same value as the promise `dispatch` returns in process). Results are data: a front end formats
 * them its own way (the text front ends share the session package's formatters).
 */
import type { Answer, Grant, PermissionMode } from '@coding-harness/approval';
import type { Effort } from '@coding-harness/model';
import type { SessionEvent, SessionStatus, TurnOutcome, TurnStopReason } from './events.js';
import type { SlashResult } from './slash.js';

export type Command = {
  id: string;
} /** A user turn: the text as typed (`/slug args` forces a skill; built-in `/commands` go through `slash`). */ & (
  | { type: 'send'; text: string }
  /** The answer to the approval question `requestId`. */
  | { type: 'answer'; requestId: string; answer: Answer }
  /** Stops the running turn or compaction (running commands are killed); a no-op when idle. */
  | { type: 'interrupt' }
  | { type: 'set_model'; model: string }
  /** `default`: send none (the model's own default). */
  | { type: 'set_effort'; effort: Effort | 'default' }
  | { type: 'set_mode'; mode: PermissionMode }
  /** Cycles default -> acceptEdits -> plan -> default (Shift-Tab). */
  | { type: 'cycle_mode' }
  | { type: 'add_rule'; list: 'allow' | 'deny'; rule: string }
  | { type: 'remove_rule'; rule: string }
  | { type: 'compact'; focus?: string }
  /** A new conversation (new session id), same prompt and tools. */
  | { type: 'clear' }
  /** Continues the stored session `sessionId` in place (tools, servers and trust stay). */
  | { type: 'resume'; sessionId: string }
  | { type: 'list_sessions' }
  | { type: 'status' }
  | { type: 'reload_skills' }
  /** The conversation so far as the events a live session would have sent (a client that attaches late). */
  | { type: 'history' }
  /** A built-in slash command line (`/model opus`); the result is the command's data. */
  | { type: 'slash'; text: string }
  /** Ends the session: running work stops, everything it started ends. */
  | { type: 'close' }
);

export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

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
}

/** A command's outcome: its data, or an error text naming what was wrong and what is accepted. */
export type CommandResult =
  | { [K in CommandType]: { ok: true; type: K; data: CommandData[K] } }[CommandType]
  | { ok: false; type: CommandType; error: string };

/** The successful result of one command type. */
export type ResultOf<T extends CommandType> = Extract<CommandResult, { ok: true; type: T }>;
