/** The approval package's view of a tool's kind (kept here so approval imports no tool code). */
export type CallKind = 'read' | 'write' | 'exec';

/**
 * What the parenthesised part of a rule means for a tool: a path glob (`Edit(src/**)`), a bash
 * command pattern (`Bash(git diff:*)`), a name (`Skill(deploy)`), or nothing (named alone).
 */
export type RuleSpecifier = 'path' | 'command' | 'name' | 'none';

/**
 * One tool as rules see it. Approval keeps no list of tools: the caller passes these, normally
 * the tool registry's `ruleNames()` (`@coding-harness/tools`), so a rule can name any tool the
 * session has, a library user's own included.
 */
export interface RuleTool {
  /** Our name (`edit_file`); rules may use it in any case. */
  readonly name: string;
  readonly kind: CallKind;
  /** Claude Code's names (`Edit`, `MultiEdit`), any case; the first spells suggested rules. */
  readonly ruleNames: readonly string[];
  /** Input fields holding paths; with `specifier: 'path'` the first is the target when a request has none. */
  readonly pathFields: readonly string[];
  readonly specifier: RuleSpecifier;
  /** Tools whose deny rules also hold for this one (grep and glob: `read_file`). */
  readonly deniedWith: readonly string[];
  /**
   * A name for the group this tool belongs to (an MCP server's tools: `mcp__github`): a rule
   * naming the group alone allows, asks about or denies every tool of it, as Claude Code's
   * `mcp__<server>` rules do. The group needs an entry of its own in the table for rules to parse.
   */
  readonly group?: string;
}

/** How cautious the session is, in Claude Code's words. */
export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

/** One tool call, as the policy sees it. */
export interface ApprovalRequest {
  /** Our tool name (`bash`, `edit_file`, `skill`, ...). */
  tool: string;
  kind: CallKind;
  input: unknown;
  /**
   * `bash`: the command; `skill`: the skill name; file tools: the realpath of what the call
   * touches (symlinks and `..` resolved), relative to the work root when inside it, else absolute.
   */
  target?: string;
  /** File tools: whether the path lies inside the work root. */
  insideRoot?: boolean;
  /**
   * The mode this call is decided under when not the policy's own: a subagent's `permissionMode`
   * (its thread's calls carry it). Rules and grants apply as ever.
   */
  mode?: PermissionMode;
  /**
   * bash: the command runs inside the session's OS sandbox. Unless a deny or ask rule matches, the
   * policy allows it without asking (`autoAllowSandboxed`, on by default).
   */
  sandboxed?: boolean;
  /** bash: the call asks to run outside the session's sandbox: the policy always asks (no rule or grant allows it, "always" stores nothing). */
  escapesSandbox?: boolean;
  /** One line for people (`bash: npm test`). */
  summary: string;
  /** Optional unified diff of what a write would change. */
  preview?: string;
  /**
   * How rules name and match this tool (the registry's entry; the agent fills it). Lets a front
   * end phrase the "always" rule and a non-interactive run its suggested flags without a table;
   * a policy prefers its own table's entry.
   */
  ruleTool?: RuleTool;
}

/** The policy's verdict before asking anyone. */
export type Decision =
  | { type: 'allow'; reason: string }
  | { type: 'deny'; message: string }
  | { type: 'ask'; request: ApprovalRequest; reason?: string };

/**
 * A person's answer to a question: once, for the rest of the session, or no (with a message for
 * the model). `project`: for the session, and the front end's session also keeps the rule for
 * the project (a settings file) so later sessions ask no more.
 */
export type Answer = { type: 'once' } | { type: 'session' } | { type: 'deny'; message?: string } | { type: 'project' };

/** The front end's question callback. */
export type AskFn = (request: ApprovalRequest) => Promise<Answer>;

/** A standing permission and where it came from (for `/allowed`). */
export interface Grant {
  /** Rule text in our syntax, e.g. `bash(git status:*)`, `edit_file`. */
  rule: string;
  scope: 'session' | 'turn';
  /** `user answer`, `--allowed-tools`, `settings`, `skill <name>`. */
  origin: string;
}

/** The final outcome of `authorize`. */
export type Authorization =
  | { allowed: true; how: 'policy' | 'once' | 'session' | 'project'; reason: string }
  | { allowed: false; message: string };
