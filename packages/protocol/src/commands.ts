/**
 * What a front end asks of a session. Each command carries an `id` chosen by the client; the
 * session answers every command with one `command_result` event naming that id (and with the
 * same value as the promise `dispatch` returns in process). Results are data: a front end formats
 * them its own way (the text front ends share the session package's formatters).
 */
import type { Answer, PermissionMode } from '@coding-harness/approval';
import type { Effort } from '@coding-harness/model';
import type { ElicitationAnswer } from './elicitation.js';

export type Command = {
  id: string;
} /** A user turn: the text as typed (`/slug args` forces a skill; built-in `/commands` go through `slash`). */ & (
  | { type: 'send'; text: string }
  /**
   * The answer to the approval question `requestId`. `{ type: 'project' }`: allowed for the
   * session, and the rule is also saved in the project's `.claude/settings.local.json`.
   */
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
  /** The answer to an MCP server's `elicitation_requested` question `requestId`. */
  | { type: 'answer_elicitation'; requestId: string; answer: ElicitationAnswer }
);

export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
