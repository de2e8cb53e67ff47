import type { ResultPart } from '@coding-harness/model';
import type { Sandbox } from './sandbox/sandbox.js';

/** How a tool touches the world; the approval policy keys its defaults on this. */
export type ToolKind = 'read' | 'write' | 'exec';

/**
 * What the parenthesised part of a rule for a tool means: a path glob matched against the call's
 * target (`Edit(src/**)`), a bash command pattern (`Bash(git diff:*)`), a name (`Skill(deploy)`),
 * or nothing (the tool is named alone).
 */
export type RuleSpecifier = 'path' | 'command' | 'name' | 'none';

/**
 * One tool as approval rules and a skill's `allowed-tools` see it: the data the registry hands to
 * the policy (`registry.ruleNames()` into `createPolicy({ tools })`), so no other package keeps a
 * list of tool names. Structurally the approval package's `RuleTool`.
 */
export interface ToolRuleEntry {
  /** Our name (`edit_file`); rules may always use it, in any case. */
  readonly name: string;
  readonly kind: ToolKind;
  /** Claude Code's names for the tool (`Edit`, `MultiEdit`), matched in any case; the first is how hints spell it. */
  readonly ruleNames: readonly string[];
  /** Input fields holding paths; a path rule matches the call's target, resolved from the first. */
  readonly pathFields: readonly string[];
  readonly specifier: RuleSpecifier;
  /** Tools whose deny rules also hold for this one: grep and glob name `read_file`, so `Read(.env)` keeps searches out too. */
  readonly deniedWith: readonly string[];
}

/**
 * Why a call failed, for programs (hooks, front ends, evals) that must not parse the text: a
 * small closed set. `content` still says it in words for the model.
 */
export type ToolErrorCode =
  | 'not_found'
  | 'outside_root'
  | 'protected'
  | 'denied'
  | 'timeout'
  | 'cancelled'
  | 'invalid_input'
  | 'failed';

/** What every tool returns: content parts for the model, one line for people, and whether it failed. */
export interface ToolResult {
  /**
   * Sent to the model as the tool_result content: text, images (base64 PNG, JPEG, GIF or WebP)
   * and documents (a PDF or plain text). A text-only result is one text part.
   */
  content: ResultPart[];
  /** One short line for front ends (`read 120 lines`, `exit 1`, `3 matches`). */
  display: string;
  isError: boolean;
  /**
   * What a write changed, as a unified diff with `---`/`+++` labels (edit_file, write_file; a new
   * file is all `+` lines), capped at `RESULT_DIFF_MAX_LINES` with a `… N more diff lines` count.
   * For people, not the model: front ends show it under the result line whether or not a question
   * showed a preview, so edits run by accept-edits or an allow rule are seen too.
   */
  diff?: string;
  /** Set when `isError`: why, as a code (see {@link ToolErrorCode}). */
  errorCode?: ToolErrorCode;
}

/** Remembers what was read (path, mtime, size) so writes can refuse blind or stale overwrites. */
export interface ReadTracker {
  record(absPath: string, mtimeMs: number, size: number): void;
  get(absPath: string): { mtimeMs: number; size: number } | undefined;
  clear(): void;
}

/**
 * Text-file I/O by someone else (an editor's buffers), each method used only when present: see
 * `file-io.ts` for how read_file, write_file and edit_file use it and what stays on disk.
 */
export interface TextFileIo {
  /**
   * The current text of `absPath` (an absolute path that passed the jail), or undefined when the
   * provider has none for it: the tool then reads the disk. Rejecting counts as undefined.
   */
  readText?(absPath: string): Promise<string | undefined>;
  /** Replaces the whole text of `absPath`; a rejection is the write's error (nothing else is tried). */
  writeText?(absPath: string, text: string): Promise<void>;
}

/** Per-call context. Everything a tool needs from outside arrives here. */
export interface ToolContext {
  /** The work root (absolute, symlinks resolved). */
  root: string;
  /**
   * Extra read-only roots (the discovered skill directories). Only reading tools use them.
   * Absolute, normalised and symlinks resolved, as `createToolContext` builds them (write checks
   * compare resolved targets against them as they are).
   */
  extraReadRoots: readonly string[];
  readTracker: ReadTracker;
  signal: AbortSignal;
  /**
   * The id of the call being run, when the agent runs it (the model's tool_use id, or the one the
   * agent gave a call it made itself): a tool or a plugin that must tell calls apart keys on it.
   */
  callId?: string;
  /**
   * Extra absolute folders write_file and edit_file always refuse (the harness's config and
   * state dirs, skill dirs), on top of `.git`, the skills folders and `extraReadRoots`.
   * Absolute, normalised and symlinks resolved, as `createToolContext` builds them.
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
  /**
   * Text-file I/O through someone else (an editor's buffers, see `file-io.ts`): read_file,
   * write_file and edit_file move a text file's content through it after every check on the real
   * file system has passed. Absent: the disk.
   */
  files?: TextFileIo;
  /** The session's OS sandbox: bash (and skill commands) run inside it while it is active. Absent: no sandbox. */
  sandbox?: Sandbox;
  /**
   * The environment bash (and skill commands) run with, before credentials and `secrets` are
   * dropped and before the sandbox's allowlist: the session's, with the settings files' `env`
   * over it. Absent: process.env.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * Folders written like the work root (`--add-dir`, settings' `additionalDirectories`):
   * absolute and realpath'd as `createToolContext` builds them. The file tools read and write
   * in them under the work root's rules (protected names, approval); absent: none.
   */
  writeRoots?: readonly string[];
}

/** What `execute` gets besides the input and the context. */
export interface ExecuteOptions {
  /**
   * Told each piece of output while the call runs (a command's stdout and stderr as they arrive),
   * for people watching; the result still carries the whole, capped output. Absent: nobody
   * watches. The agent turns each piece into a `tool_update` event, secrets redacted.
   */
  onUpdate?: (text: string) => void;
}

/** What the approval layer needs to know about one call, derived from its validated input. */
export interface PermissionTarget {
  /** `bash`: the command; file tools: the path relative to the root (or absolute if outside); a name tool: the name. */
  target?: string;
  /** File tools: whether the resolved path lies inside the work root. */
  insideRoot?: boolean;
  /** bash: the command will run inside the active sandbox (the policy may allow it without asking). */
  sandboxed?: boolean;
  /** bash: the call asks to run outside the active sandbox (the policy always asks). */
  escapesSandbox?: boolean;
}

/** A JSON Schema for an object, as the model is told of a tool's input. */
export type JsonSchemaObject = { type: 'object'; [k: string]: unknown };

/** The outcome of checking a call's raw input: the input the tool runs with, or what was wrong. */
export type Validation<I> = { ok: true; input: I } | { ok: false; message: string };

/**
 * One tool, built-in or not (a library user's, an MCP server's): plain data and functions, no
 * schema library required. `inputSchema` is sent to the model byte for byte as given (its key
 * order too); `validate` checks what the model sent against it. `defineTool` derives both from
 * a zod schema, as the built-in tools do.
 */
export interface Tool<I = unknown> {
  name: string;
  description: string;
  kind: ToolKind;
  /**
   * Claude Code's names for this tool in rules and `allowed-tools` (`['Read']`, `['Edit',
   * 'MultiEdit']`); `[]` when Claude Code has none. Our `name` is always accepted too. The first
   * is how suggestions spell a rule (`--allowed-tools 'Read(src/**)'`).
   */
  ruleNames: readonly string[];
  /**
   * Input fields that hold paths (`['path']`), for path rules: a tool with path fields takes
   * `Name(glob)` rules, matched against `permission().target`. `[]` for none.
   */
  pathFields: readonly string[];
  /** What `Name(specifier)` means for this tool; default `'path'` when `pathFields` is not empty, else `'none'`. */
  specifier?: RuleSpecifier;
  /** Tools whose deny rules also hold for this one (grep and glob: `['read_file']`). Default none. */
  deniedWith?: readonly string[];
  /**
   * A group name a rule may use for this tool and its kin (an MCP server's tools: `mcp__github`):
   * `--allowed-tools mcp__github` allows every tool of the group. Give the group its own rule
   * entry (`RegistryOptions.ruleEntries`) so such rules parse.
   */
  ruleGroup?: string;
  /** JSON Schema of the input, sent as it is (the registry never rewrites it). */
  inputSchema: JsonSchemaObject;
  /**
   * Checks the raw input the model sent (any JSON) and returns the value `execute` gets, or a
   * message naming what is wrong (the model gets it as the call's error result). Never throws;
   * a throw is reported the same way.
   */
  validate(raw: unknown): Validation<I>;
  /** A one-line summary of a call for people, e.g. `read_file src/app.ts`, `bash: npm test`. */
  summarize(input: I): string;
  /** What the approval policy matches rules against. */
  permission(input: I, ctx: Pick<ToolContext, 'root' | 'sandbox' | 'writeRoots'>): PermissionTarget;
  /**
   * A refusal known before any approval question (outside the jail, a protected path, a FIFO, a
   * file not read or changed since, an edit that cannot apply): the executor returns it as the
   * call's error result without asking, so nobody approves a call that would fail. No side
   * effects; `run` checks again. Undefined when the call may be asked about.
   */
  refuse?(input: I, ctx: ToolContext): string | undefined;
  /** Optional preview of what a write would change (a unified diff), for approval questions. */
  preview?(input: I, ctx: ToolContext): Promise<string | undefined>;
  /**
   * Runs the call. Failures are results (`isError`, an `errorCode`, a message naming the path or
   * command), never throws; a throw is reported as a failed result.
   */
  execute(input: I, ctx: ToolContext, opts?: ExecuteOptions): Promise<ToolResult>;
}

/** The API's tool definition, as sent in the `tools` request parameter. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; [k: string]: unknown };
  /** Sent for the provider's own tool search to find (not shown to the model until found). */
  defer_loading?: true;
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
  /**
   * The rule table: every tool here, in order, plus the entries the registry was given for tools
   * that are not in it (`RegistryOptions.ruleEntries`), so rules naming them stay valid. Pass it
   * to the approval policy (`createPolicy({ tools: registry.ruleNames() })`); the same array every call.
   */
  ruleNames(): readonly ToolRuleEntry[];
  /** Looks up the tool and validates `rawInput` with it; never throws. */
  prepare(name: string, rawInput: unknown, ctx: Pick<ToolContext, 'root' | 'sandbox' | 'writeRoots'>): PreparedCall;
}
