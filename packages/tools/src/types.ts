import type { $ZodType } from 'zod/v4/core';

/** How a tool touches the world; the approval policy keys its defaults on this. */
export type ToolKind = 'read' | 'write' | 'exec';

/** What every tool returns: text for the model, one line for people, and whether it failed. */
export interface ToolResult {
  /** Sent to the model as the tool_result content. */
  content: string;
  /** One short line for front ends (`read 120 lines`, `exit 1`, `3 matches`). */
  display: string;
  isError: boolean;
}

/** Remembers what was read (path, mtime, size) so writes can refuse blind or stale overwrites. */
export interface ReadTracker {
  record(absPath: string, mtimeMs: number, size: number): void;
  get(absPath: string): { mtimeMs: number; size: number } | undefined;
  clear(): void;
}

/** Per-call context. Everything a tool needs from outside arrives here. */
export interface ToolContext {
  /** The work root (absolute, symlinks resolved). */
  root: string;
  /** Extra read-only roots (the discovered skill directories). Only reading tools use them. */
  extraReadRoots: readonly string[];
  readTracker: ReadTracker;
  signal: AbortSignal;
  /**
   * The slug of the skill the current user turn forced with `/slug`, if any: a manual-only skill
   * is accepted by the skill tool only then.
   */
  forcedSkill?: string;
  /**
   * Extra absolute folders write_file and edit_file always refuse (the harness's config and
   * state dirs, skill dirs), on top of `.git`, the skills folders and `extraReadRoots`.
   */
  protectedDirs?: readonly string[];
  /**
   * Hides a file from grep and glob results when it returns false (a Read/Grep/Glob deny rule,
   * evaluated on the file's realpath).
   */
  readFilter?: (absRealPath: string) => boolean;
  /** Values never shown to the model: replaced in every tool's output, dropped from bash's environment. */
  secrets?: readonly string[];
  /** For redaction messages: the credential variable each secret value came from (value -> name). */
  secretLabels?: ReadonlyMap<string, string>;
}

/** What the approval layer needs to know about one call, derived from its validated input. */
export interface PermissionTarget {
  /** `bash`: the command; file tools: the path relative to the root (or absolute if outside); `skill`: the name. */
  target?: string;
  /** File tools: whether the resolved path lies inside the work root. */
  insideRoot?: boolean;
}

/**
 * One tool. `schema` validates input; `inputSchema` (JSON Schema for the API) is derived from it
 * once, with deterministic bytes. Any zod v4 schema will do, `zod` (classic) or `zod/mini`: the
 * registry only uses the functions of `zod/mini` that take core (`$ZodType`) schemas.
 */
export interface Tool<I = unknown> {
  name: string;
  description: string;
  kind: ToolKind;
  schema: $ZodType<I>;
  /** A one-line summary of a call for people, e.g. `read_file src/app.ts`, `bash: npm test`. */
  summarize(input: I): string;
  /** What the approval policy matches rules against. */
  permission(input: I, ctx: Pick<ToolContext, 'root'>): PermissionTarget;
  /**
   * A refusal known before any approval question (a protected path, a FIFO): the executor returns
   * it as the call's error result without asking. Undefined when the call may be asked about.
   */
  refuse?(input: I, ctx: ToolContext): string | undefined;
  /** Optional preview of what a write would change (a unified diff), for approval questions. */
  preview?(input: I, ctx: ToolContext): Promise<string | undefined>;
  run(input: I, ctx: ToolContext): Promise<ToolResult>;
}

/** The API's tool definition, as sent in the `tools` request parameter. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; [k: string]: unknown };
}

/** A validated call ready to run, or an error result to send back unchanged. */
export type PreparedCall =
  | { ok: true; tool: Tool<unknown>; input: unknown; summary: string; permission: PermissionTarget }
  | { ok: false; result: ToolResult };

/** The tools of one session, in a stable order so the `tools` parameter is byte-identical per request. */
export interface ToolRegistry {
  readonly tools: readonly Tool<unknown>[];
  get(name: string): Tool<unknown> | undefined;
  /** Deterministic API definitions, same bytes on every call. */
  definitions(): ToolDefinition[];
  /** Looks up the tool and validates `rawInput` against its schema; never throws. */
  prepare(name: string, rawInput: unknown, ctx: Pick<ToolContext, 'root'>): PreparedCall;
}
