/**
 * `@coding-harness/protocol`: the session protocol as types. Commands go in (`Command`, each with
 * a client-chosen `id`), events come out (`SessionEvent`, with `turnId`, `threadId`, `callId` and
 * `requestId` where they apply); every command is answered by one `command_result`. Every front
 * end (the REPL, the TUI, `-p`, the ACP server) is a client of it. No runtime code.
 */
export type {
  ApprovalHow,
  EventIds,
  EventOf,
  SessionEvent,
  SessionEventType,
  SessionStatus,
  TurnOutcome,
  TurnStopReason,
} from './events.js';
export type {
  Command,
  CommandData,
  CommandOf,
  CommandResult,
  CommandType,
  ResultOf,
  SessionSummary,
  SkillsReloadData,
} from './commands.js';
export type { ModelRow, SkillSummary, SlashCommandInfo, SlashKind, SlashResult } from './slash.js';
export type { Answer, Grant } from './events.js';
