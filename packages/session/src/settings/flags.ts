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
    description: 'another folder the tools read and write like the work root (repeatable)',
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
  {
    name: 'setting-sources',
    type: 'string',
    value: 'LIST',
    group: 'permissions',
    interactive: true,
    description: 'which settings files to read: a comma list of user, project, local (default: all)',
    doc: "which settings files are read (Claude Code's `--setting-sources`): a comma list of `user` (`~/.claude/settings.json` and the harness's own), `project` (`.claude/settings.json`), `local` (`.claude/settings.local.json`); `--settings` is always read",
    check: (value: string) => settingSourcesProblem(value),
  },
  {
    name: 'fallback-model',
    type: 'string',
    value: 'MODEL',
    group: 'model',
    interactive: false,
    description: 'the model to switch to when the model is overloaded (-p)',
    doc: "Claude Code's `--fallback-model`: when the model stays overloaded after the retries (HTTP 529), the turn is sent again once on this model, and a notice says so",
  },
  {
    name: 'session-id',
    type: 'string',
    value: 'ID',
    group: 'resume',
    interactive: true,
    description: 'the id of the new session (a UUID; it must not exist yet)',
    doc: "the new session's id (Claude Code's `--session-id`, a UUID): `--resume ID` continues it later; an id already used is a usage error",
    check: (value: string) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
        ? undefined
        : `--session-id ${JSON.stringify(value)}: not a UUID (such as 3f2b7c1e-0a4d-4e8b-9c6f-1d2e3f4a5b6c; uuidgen makes one)`,
  },
  {
    name: 'agents',
    type: 'string',
    value: 'JSON',
    group: 'skills',
    interactive: true,
    description: 'custom agents for this session as JSON: {"name": {"description", "prompt", "tools", "model"}}',
    doc: 'custom agents for this session only (Claude Code\'s `--agents`): a JSON object of `"name": { "description": ..., "prompt": ..., "tools": [...], "disallowedTools": [...], "model": ..., "permissionMode": ..., "maxTurns": ..., "skills": [...] }`, as the fields of an agent file; above personal agents, below the repository\'s',
  },
  {
    name: 'include-partial-messages',
    type: 'boolean',
    group: 'print',
    interactive: false,
    description: 'with --output-format stream-json: stream_event lines as the reply streams',
    doc: "with `--output-format stream-json`: Claude Code's `stream_event` lines (the Messages API's stream events: `message_start`, `content_block_start`, `content_block_delta`, `content_block_stop`, `message_delta`, `message_stop`) as the reply streams",
  },
  {
    name: 'fork-session',
    type: 'boolean',
    group: 'resume',
    interactive: true,
    description: 'with --resume or --continue: continue in a new session holding a copy of the conversation',
    doc: "with `--resume` or `--continue` (Claude Code's `--fork-session`): the conversation is copied into a new session (a new id, or `--session-id`'s) and continues there; the one resumed is left as it was",
  },
  {
    name: 'plugin-dir',
    type: 'string',
    multiple: true,
    value: 'DIR',
    group: 'skills',
    interactive: true,
    description: 'load a Claude Code plugin from this folder for this run (repeatable)',
    doc: "a Claude Code plugin folder loaded for this run only (Claude Code's `--plugin-dir`, repeatable): its skills and commands (`<plugin>:<name>`), agents, hooks and MCP servers, as an installed, enabled plugin's",
  },
] as const;

/** The scopes `--setting-sources` names. */
export const SETTING_SOURCE_NAMES = ['user', 'project', 'local'] as const;

/** Why a `--setting-sources` value is refused, or undefined. */
export function settingSourcesProblem(value: string): string | undefined {
  const bad = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !(SETTING_SOURCE_NAMES as readonly string[]).includes(s));
  return bad.length === 0
    ? undefined
    : `--setting-sources: ${bad.map((b) => JSON.stringify(b)).join(', ')} is no settings source; use a comma list of ${SETTING_SOURCE_NAMES.join(', ')}`;
}

/** The values of the flags above that args.ts does not read itself, as HarnessFlags fields. */
export function claudeFlagValues(v: Record<string, unknown>): {
  settingSources?: string[];
  fallbackModel?: string;
  sessionId?: string;
  agentsJson?: string;
  includePartialMessages: boolean;
  forkSession?: boolean;
  pluginDirs?: string[];
} {
  const text = (name: string): string | undefined => (typeof v[name] === 'string' ? (v[name] as string) : undefined);
  const sources = text('setting-sources');
  const fallback = text('fallback-model');
  const id = text('session-id');
  const agents = text('agents');
  return {
    ...(sources !== undefined
      ? {
          settingSources: sources
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
    ...(fallback !== undefined && fallback.trim() !== '' ? { fallbackModel: fallback.trim() } : {}),
    ...(id !== undefined ? { sessionId: id } : {}),
    ...(agents !== undefined ? { agentsJson: agents } : {}),
    includePartialMessages: v['include-partial-messages'] === true,
    ...(v['fork-session'] === true ? { forkSession: true } : {}),
    ...(Array.isArray(v['plugin-dir']) && v['plugin-dir'].length > 0
      ? { pluginDirs: (v['plugin-dir'] as unknown[]).filter((d): d is string => typeof d === 'string') }
      : {}),
  };
}

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
