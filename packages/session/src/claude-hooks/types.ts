/**
 * Claude Code's hooks as this harness runs them: the configuration a source gives (a settings
 * file's `hooks` key, a skill's `hooks:` frontmatter, a plugin's `hooks/hooks.json`), one command
 * hook per row after parsing. Data only.
 */

/** The events run here, in Claude Code's spelling (its other events are named in a note and ignored). */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
  'Notification',
] as const;

export type HookEventName = (typeof HOOK_EVENTS)[number];

/** Claude Code's default per-command timeout, in seconds. */
export const DEFAULT_TIMEOUT_SEC = 60;

/**
 * One source of hooks, as the caller read it: `source` names it for people (`user settings`,
 * `project settings`, `local settings`, `skill <name>`, `plugin <name>`), `file` is where it
 * came from, `trusted` false for a repository's own configuration before the repository is
 * trusted (listed, never run), `hooks` the Claude Code hooks object as written.
 */
export interface HookSource {
  source: string;
  file: string;
  trusted: boolean;
  hooks: unknown;
  /** A plugin's folder: `CLAUDE_PLUGIN_ROOT` for its commands. */
  pluginRoot?: string;
  /** A skill's hooks run only while that skill is loaded in the conversation. */
  skill?: string;
}

/** One command hook after parsing. */
export interface CommandHook {
  event: HookEventName;
  /** As written; '' matches everything. */
  matcher: string;
  command: string;
  timeoutSec: number;
  source: string;
  file: string;
  trusted: boolean;
  pluginRoot?: string;
  skill?: string;
}

/** A parsed set of sources: the hooks, and one line per thing skipped (naming the file and the fix). */
export interface HookConfig {
  hooks: CommandHook[];
  problems: string[];
}
