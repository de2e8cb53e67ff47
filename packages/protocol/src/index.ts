/**
 * `@coding-harness/protocol`: the session protocol as types. Commands go in (`Command`, each with
 * a client-chosen `id`), events come out (`SessionEvent`, with `turnId`, `threadId`, `callId` and
 * `requestId` where they apply); every command is answered by one `command_result`. Every front
 * end (the REPL, the TUI, `-p`, the ACP server) is a client of it. No runtime code.
 */
export type {
  AgentSummary,
  ApprovalHow,
  EventIds,
  ModelRow,
  SessionStatus,
  SessionSummary,
  SkillSummary,
  SkillsReloadData,
  SlashCommandInfo,
  TurnOutcome,
  TurnStopReason,
} from './base.js';
export type { CommandData, CommandResult, EventOf, ResultOf, SessionEvent, SessionEventType } from './events.js';
export type { Command, CommandOf, CommandType } from './commands.js';
export type { HookRow, McpServerRow, RewindOutcome, RewindPoint, SlashKind, SlashResult } from './slash.js';
export type { Answer, Grant } from './events.js';
export type { ElicitationAnswer, ElicitationField } from './elicitation.js';
