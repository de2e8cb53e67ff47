/**
 * What a built-in slash command returns: data, one variant per command, for the front end to
 * show its own way (a list, a picker, a status bar). `error` names the command and what it takes.
 */
import type { Grant, PermissionMode } from '@coding-harness/approval';
import type { Effort } from '@coding-harness/model';
import type { SessionSummary, SkillsReloadData } from './commands.js';
import type { SessionStatus } from './events.js';

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
  | { kind: 'exit' }
  | { kind: 'error'; command: string; message: string };

export type SlashKind = SlashResult['kind'];
