/**
 * The flags Claude Code's CI lines use that the harness takes with the same meaning, as rows of
 * the session's flags table (flags.ts spreads them in, which checks them against its row type).
 * Imports nothing: the cheap `./args` entry loads this file.
 */
export const CLAUDE_CODE_FLAGS = [
  {
    name: 'settings',
    type: 'string',
    value: 'FILE',
    group: 'permissions',
    interactive: true,
    description: "a settings file (or a JSON object) above every settings file (Claude Code's format)",
    doc: 'a settings file in Claude Code\'s format, or the JSON object itself (`--settings \'{"model":"..."}\'`), with precedence over every settings file; a file that cannot be read is a notice, not an error',
  },
  {
    name: 'dangerously-skip-permissions',
    type: 'boolean',
    group: 'permissions',
    interactive: true,
    description: 'the same as --permission-mode bypassPermissions (deny rules still apply)',
    doc: "Claude Code's name for `--permission-mode bypassPermissions`: every tool call runs without asking; deny rules still apply",
  },
  {
    name: 'add-dir',
    type: 'string',
    multiple: true,
    value: 'DIR',
    group: 'permissions',
    interactive: true,
    description: 'another folder the tools may read (repeatable; writes stay in the work root)',
    doc: "another folder the tools read and write like the work root (Claude Code's `--add-dir`; like settings' `permissions.additionalDirectories`): edits there ask unless allowed (acceptEdits allows them), protected names hold there too, and the sandbox binds it writable",
  },
  {
    name: 'system-prompt',
    type: 'string',
    value: 'TEXT',
    group: 'model',
    interactive: true,
    description: "replace the harness's own system prompt (memory files and skills still follow)",
    doc: "replaces the harness's own first system block (its role, rules, work root and date); memory files and the skills listing still follow",
  },
  {
    name: 'append-system-prompt',
    type: 'string',
    value: 'TEXT',
    group: 'model',
    interactive: true,
    description: 'text added at the end of the system prompt',
    doc: 'a last system block after the harness prompt, memory files and the skills listing',
  },
] as const;

/**
 * Claude Code's tool names that have no tool in this harness: an `--allowed-tools` or settings
 * rule naming one is a notice (the rule is left out), never a usage error, so CI lines written
 * for `claude -p` keep running. A name of a tool this session does have (`Read`, `Bash`, ...)
 * is matched as usual.
 */
export const CLAUDE_CODE_TOOL_NAMES: readonly string[] = [
  'Agent',
  'Bash',
  'BashOutput',
  'Edit',
  'ExitPlanMode',
  'Glob',
  'Grep',
  'KillShell',
  'LS',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Read',
  'SlashCommand',
  'Skill',
  'Task',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'Write',
];
