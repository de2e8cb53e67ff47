/**
 * What a built-in slash command returns: data, one variant per command, for the front end to
 * show its own way (a list, a picker, a status bar). `error` names the command and what it takes.
 */
import type { Grant, PermissionMode } from '@coding-harness/approval';
import type { Effort } from '@coding-harness/model';
import type {
  AgentSummary,
  ModelRow,
  SessionStatus,
  SessionSummary,
  SkillSummary,
  SkillsReloadData,
  SlashCommandInfo,
} from './base.js';

export type SlashResult =
  | { kind: 'help'; commands: SlashCommandInfo[]; skills: SkillSummary[]; skillsEnabled: boolean }
  | { kind: 'skills'; skills: SkillSummary[]; skillsEnabled: boolean }
  | ({ kind: 'reload' } & SkillsReloadData)
  /** `/allowed` and `/permissions` (with `change` when it allowed, denied or removed a rule). */
  | {
      kind: 'rules';
      allowed: Grant[];
      denied: Grant[];
      mode: PermissionMode;
      change?: { verb: 'allow' | 'deny'; rule: string } | { verb: 'remove'; rule: string; removed: Grant[] };
      /** How to change them (`/permissions` alone says it). */
      hint?: string;
      /** The ask rules (a settings file's `permissions.ask`), with their origin; absent: none. */
      asked?: Grant[];
      /** What every command rule covers besides its own commands (harmless filters after a pipe), in words. */
      filters?: string;
    }
  | { kind: 'mode'; mode: PermissionMode; previous?: PermissionMode }
  | { kind: 'models'; current: string; rows: ModelRow[] }
  | { kind: 'model'; model: string; previous: string }
  | { kind: 'effort'; model: string; effort?: Effort; efforts: readonly Effort[]; changed: boolean }
  | { kind: 'compact'; compacted: boolean; tokensBefore?: number; tokensAfter?: number; message?: string }
  | { kind: 'status'; status: SessionStatus }
  | { kind: 'cost'; status: SessionStatus }
  | { kind: 'sessions'; sessions: SessionSummary[]; current: string }
  /** `/resume <id>`: the session now continues `sessionId`. */
  | { kind: 'resumed'; sessionId: string }
  | { kind: 'cleared'; sessionId: string }
  /**
   * `/expand [N]`: the whole result of the Nth latest tool call (1: the latest; `kept`: how many
   * are kept), for a pager or the screen. `source`: `stream` when `text` is everything the call
   * printed (the model's copy was cut; a closing line says what the model got), else `result`,
   * the result as the model got it. `lines` counts the whole output.
   */
  | {
      kind: 'result';
      nth: number;
      kept: number;
      callId: string;
      tool: string;
      summary: string;
      display: string;
      isError: boolean;
      text: string;
      lines: number;
      source: 'stream' | 'result';
    }
  /** `/sandbox`: whether commands run in the OS sandbox, and what it lets them write, read and reach, one line each. */
  | { kind: 'sandbox'; state: 'on' | 'off' | 'unavailable'; lines: string[] }
  /** `/rewind`: the turns that can be rewound, most recent last (`n` 1 is the last turn). */
  | { kind: 'rewind-points'; points: RewindPoint[] }
  /** `/rewind N [files|conversation|both]`: what was put back to before turn `point`. */
  | ({ kind: 'rewound' } & RewindOutcome)
  /** `/hooks`: each configured hook (Claude Code's format) with where it came from, whether it runs, and what was skipped. */
  | { kind: 'hooks'; hooks: HookRow[]; problems: string[] }
  | { kind: 'exit' }
  /** `/agents`: the agents the `agent` tool may run, and what was skipped or noted while finding them. */
  | { kind: 'agents'; agents: AgentSummary[]; messages: string[] }
  | { kind: 'error'; command: string; message: string }
  /** `/memory`: the memory files in the system prompt (`scope`: harness, user or project), each with the files it imports. */
  | {
      kind: 'memory';
      files: { path: string; scope: string; chars: number; imports: string[] }[];
      /**
       * `/memory user|project|local|N`: the file to open in the user's editor (`$VISUAL`, else
       * `$EDITOR`), where the front end can hand it the terminal; the others say it is not offered.
       */
      edit?: string;
    }
  /** `/mcp`: the session's MCP servers; `message` says what `/mcp reconnect NAME` did. */
  | { kind: 'mcp'; servers: McpServerRow[]; message?: string };

/** One MCP server as `/mcp` lists it. */
export interface McpServerRow {
  name: string;
  /** Where it is configured: `user`, `local`, `project`, `flag`, `settings`, `plugin`. */
  scope: string;
  /** The file (or flag) its entry came from. */
  source: string;
  transport: 'stdio' | 'http' | 'sse';
  /** `needs-auth`: an OAuth login is wanted (`/mcp login NAME`). */
  state: 'pending' | 'connected' | 'failed' | 'closed' | 'needs-auth';
  tools: number;
  /** Why it failed or closed. */
  error?: string;
}

export type SlashKind = SlashResult['kind'];

/** A turn `/rewind` can go back to before. */
export interface RewindPoint {
  /** 1 for the last turn, 2 for the one before... (`/rewind N`). */
  n: number;
  /** The user's text of that turn. */
  text: string;
  /** When its checkpoint was taken (ISO). */
  at: string;
  /** The files that turn changed (by a file tool or a command), root-relative. */
  changed: string[];
  /** False when a compaction since means the conversation cannot be cut there (files still can). */
  conversation: boolean;
}

/** What a rewind did. */
export interface RewindOutcome {
  point: RewindPoint;
  scope: 'both' | 'files' | 'conversation';
  /** Files written back, removed, and left alone with why. */
  restored: string[];
  removed: string[];
  skipped: { path: string; why: string }[];
  /** Messages the conversation kept (scope with the conversation). */
  messagesKept?: number;
}

/** One command hook for `/hooks`. */
export interface HookRow {
  /** Claude Code's event name (`PreToolUse`, `Stop`, ...). */
  event: string;
  /** As written ('' matches everything). */
  matcher: string;
  command: string;
  timeoutSec: number;
  /** `user settings`, `project settings`, `local settings`, `skill <name>`, `plugin <name>`. */
  source: string;
  file: string;
  /** False for a repository's hooks before it is trusted. */
  runs: boolean;
  note?: string;
}
