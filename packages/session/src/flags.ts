/**
 * Every flag of `harness` and `harness-tui`, once, as data. The node:util parseArgs options, the
 * `--help` lines of both front ends, the README flags table and each flag's own value check are
 * all generated from this table, so a flag cannot be parsed without being documented (or the
 * other way round). Imports only vocabularies (approval's permission modes, the model package's
 * efforts): the cheap `./args` entry loads this file.
 */
import { PERMISSION_MODE_WORDS, parsePermissionMode } from '@coding-harness/approval';
import { EFFORTS } from '@coding-harness/model';
import type { Effort } from '@coding-harness/model';
import { CLAUDE_CODE_FLAGS } from './settings/flags.js';

/** Where a flag is listed in `--help` and the README, in this order. */
export const FLAG_GROUPS = ['session', 'print', 'model', 'skills', 'permissions', 'resume', 'info'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

/** One flag. `check` gets the value as typed (string flags only) and returns a usage message, or undefined. */
export interface FlagSpec {
  /** The long name, without dashes (`max-turns`). */
  name: string;
  short?: string;
  type: 'boolean' | 'string';
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean;
  /** The value's placeholder in `--help` (`DIR`, `N`); string flags only. */
  value?: string;
  /** The `--help` line (plain text, one line). */
  description: string;
  /** The README row (Markdown); default: `description`. */
  doc?: string;
  /** How the value is written in the README's flag column (`text\|json`); default: `value`. */
  docValue?: string;
  group: FlagGroup;
  /** False for flags that only mean something without a screen (`-p` and its output flags, `skills --json`): the TUI leaves them out. */
  interactive: boolean;
  /** The value used when the flag is absent (string flags with a fixed default). */
  default?: string;
  check?: (value: string) => string | undefined;
}

/** A `check` that accepts exactly `choices`. */
export function oneOf(flag: string, choices: readonly string[]): (value: string) => string | undefined {
  return (value) =>
    choices.includes(value) ? undefined : `--${flag} must be one of ${choices.join(', ')}, got '${value}'`;
}

/** A `check` for a whole number of at least 1; `why` is appended to the "at least 1" message. */
export function positiveInt(flag: string, why = ''): (value: string) => string | undefined {
  return (value) => {
    if (!/^\d+$/.test(value)) return `--${flag} needs a whole number, got '${value}'`;
    return Number(value) === 0 ? `--${flag} must be at least 1${why}` : undefined;
  };
}

/** The `--effort` values: the model package's effort vocabulary (its one copy). */
export { EFFORTS };
export type EffortFlag = Effort;

/** The `--output-format` values: Claude Code's three, and the harness's own event stream. */
export const OUTPUT_FORMATS = ['text', 'json', 'stream-json', 'events'] as const;

/** The `--input-format` values (Claude Code's). */
export const INPUT_FORMATS = ['text', 'stream-json'] as const;

/** Pairs of flags that cannot be given together. */
export const CONFLICTS: readonly (readonly [string, string])[] = [
  ['trust', 'untrusted'],
  ['continue', 'resume'],
  ['skills', 'no-skills'],
  ['acp', 'print'],
  ['acp', 'continue'],
  ['acp', 'resume'],
  ['acp', 'directory'],
];

/** The table, in `--help` order. */
export const FLAGS: readonly FlagSpec[] = [
  {
    name: 'directory',
    short: 'C',
    type: 'string',
    value: 'DIR',
    group: 'session',
    interactive: true,
    description: 'work root (default: current directory); must exist',
    doc: 'work root (default: cwd); must exist',
  },
  {
    name: 'acp',
    type: 'boolean',
    group: 'session',
    interactive: false,
    description: "be an editor's agent: the Agent Client Protocol on stdin/stdout (Zed, Neovim)",
    doc: "serve the Agent Client Protocol (JSON-RPC on stdin/stdout) for an editor (Zed, JetBrains, Neovim's CodeCompanion); each editor session gets the work root it names and the other flags given here; diagnostics on stderr",
  },
  {
    name: 'print',
    short: 'p',
    type: 'boolean',
    group: 'print',
    interactive: false,
    description: 'non-interactive: run the prompt, print the answer, exit',
    docValue: '[PROMPT]',
    doc: 'run one prompt and exit; piped stdin (not a terminal) is sent too, after PROMPT on a new line, or alone without PROMPT',
  },
  {
    name: 'output-format',
    type: 'string',
    value: 'FMT',
    docValue: 'text\\|json\\|stream-json\\|events',
    group: 'print',
    interactive: false,
    default: 'text',
    check: oneOf('output-format', OUTPUT_FORMATS),
    description: "text (default) | json (one result object) | stream-json (Claude Code's message lines) | events",
    doc: "`text`: the final answer on stdout; `json`: one result object at the end; `stream-json`: Claude Code's lines (`system` init, `assistant`, `user`, `result`); `events`: every agent event as one JSON line",
  },
  {
    name: 'input-format',
    type: 'string',
    value: 'FMT',
    docValue: 'text\\|stream-json',
    group: 'print',
    interactive: false,
    default: 'text',
    check: oneOf('input-format', INPUT_FORMATS),
    description: 'text (default) | stream-json (user messages as JSON lines on stdin, one turn each)',
    doc: '`text`: the prompt (and piped stdin) as one message; `stream-json`: Claude Code\'s `{"type":"user","message":{...}}` lines on stdin, one turn each',
  },
  {
    name: 'verbose',
    type: 'boolean',
    group: 'print',
    interactive: false,
    description: 'with -p and text output: tool calls, results and every line a command prints, on stderr',
    doc: 'with `-p` text output: tool calls (`● read_file a.txt`), every line a command prints as it arrives, their result lines, earlier assistant texts and thinking (dim) on stderr',
  },
  {
    name: 'model',
    type: 'string',
    value: 'ID',
    group: 'model',
    interactive: true,
    description:
      'model id, or sonnet, opus, haiku: the newest of that family (also ANTHROPIC_MODEL; default claude-sonnet-5-5)',
    doc: 'a model id, or `sonnet`, `opus`, `haiku` (the newest model of that family); also `ANTHROPIC_MODEL`; default `claude-sonnet-5-5`',
  },
  {
    name: 'max-turns',
    type: 'string',
    value: 'N',
    group: 'model',
    interactive: true,
    check: positiveInt('max-turns', ' (it counts model requests per turn)'),
    description: 'stop after N model requests in one turn',
    doc: 'model requests per user turn',
  },
  {
    name: 'effort',
    type: 'string',
    value: 'LEVEL',
    docValue: 'low\\|medium\\|high\\|xhigh\\|max',
    group: 'model',
    interactive: true,
    check: oneOf('effort', EFFORTS),
    description: "low | medium | high | xhigh | max (default: the model's own)",
    doc: "`output_config.effort`; default: none sent (the model's own default)",
  },
  {
    name: 'thinking',
    type: 'string',
    value: 'MODE',
    docValue: 'adaptive\\|between_tools\\|off\\|N',
    group: 'model',
    interactive: true,
    check: (v) =>
      v.trim() === '' ? '--thinking needs a value: adaptive, between_tools, off or a token budget' : undefined,
    description: 'adaptive | between_tools | off | N (a token budget, models that take one)',
    doc: 'thinking mode, or a token budget N (>= 1024) for models that still take one; default: adaptive where the model has it',
  },
  {
    name: 'max-tokens',
    type: 'string',
    value: 'N',
    group: 'model',
    interactive: true,
    check: positiveInt('max-tokens'),
    description: "output limit per request (default: the model's, e.g. 128000 for claude-sonnet-5-5)",
    doc: "`max_tokens` of every request; default: the model's (128,000 for `claude-sonnet-5-5`)",
  },
  {
    name: 'refusal-retry',
    type: 'boolean',
    group: 'model',
    interactive: true,
    description: 'when the API refuses a request and recommends another model, retry once on it',
    doc: 'when the API refuses a request and names a recommended model (`stop_details.recommended_model`), send it again once on that model for the rest of the turn; without it a notice names the model and `/model`',
  },
  {
    name: 'no-skills',
    type: 'boolean',
    group: 'skills',
    interactive: true,
    description: 'no skills: no skill tool, no prompt addition (enabled plugins still bring agents and hooks)',
    doc: 'no skills: no skill tool, no prompt addition, no extra read roots; an installed plugin the settings enable still brings its agents and hooks (never its skills)',
  },
  {
    name: 'skills',
    type: 'string',
    multiple: true,
    value: 'DIR',
    group: 'skills',
    interactive: true,
    description: 'an extra skill folder (repeatable; highest precedence)',
    doc: 'an extra skill folder (highest precedence)',
  },
  {
    name: 'untrusted',
    type: 'boolean',
    group: 'skills',
    interactive: true,
    description: "this run: skip project skills and the repository's AGENTS.md / CLAUDE.md",
    doc: "this run: skip project skills and the repository's `AGENTS.md` / `CLAUDE.md` (only the ones in the config dir are read)",
  },
  {
    name: 'trust',
    type: 'boolean',
    group: 'skills',
    interactive: true,
    description: "record that this repository is trusted: its skills' allowed-tools apply",
    doc: "record that this repository is trusted: its project skills' `allowed-tools` apply (see Trust)",
  },
  {
    name: 'no-auto-skills',
    type: 'boolean',
    group: 'skills',
    interactive: true,
    description: 'never auto-load a skill that matches a turn',
  },
  {
    name: 'allowed-tools',
    type: 'string',
    multiple: true,
    value: 'RULES',
    group: 'permissions',
    interactive: true,
    description: 'allow without asking, e.g. "Edit Bash(npm test:*)" (comma or space separated)',
    doc: 'approval rules (ours or Claude Code\'s syntax), comma- or space-separated, e.g. `"Edit Bash(npm test:*)"`',
  },
  {
    name: 'disallowed-tools',
    type: 'string',
    multiple: true,
    value: 'RULES',
    group: 'permissions',
    interactive: true,
    description: 'always refuse these (deny wins over allow)',
  },
  {
    name: 'permission-mode',
    type: 'string',
    value: 'MODE',
    docValue: 'default\\|acceptEdits\\|plan\\|bypassPermissions',
    group: 'permissions',
    interactive: true,
    default: 'default',
    check: (value) =>
      parsePermissionMode(value) === undefined
        ? `--permission-mode must be one of ${PERMISSION_MODE_WORDS.join(', ')}; got '${value}'`
        : undefined,
    description: 'default | acceptEdits | plan | bypassPermissions (ask, accept-edits, bypass also work)',
    doc: "approval mode, Claude Code's names (default `default`; `ask`, `accept-edits`, `bypass` also work)",
  },
  {
    name: 'no-sandbox',
    type: 'boolean',
    group: 'permissions',
    interactive: true,
    description: 'run commands without the OS sandbox (on by default where bubblewrap is installed)',
    doc: 'run bash and skill commands without the OS sandbox; by default (Linux with bubblewrap) they run inside it: writable work root and private /tmp, protected files read-only, secrets hidden, no network but `WebFetch(domain:…)` hosts, and they need no question unless a rule denies or asks; `harness sandbox` shows what it allows',
  },
  // Claude Code's CI flags (settings/flags.ts).
  ...CLAUDE_CODE_FLAGS,
  {
    name: 'continue',
    short: 'c',
    type: 'boolean',
    group: 'resume',
    interactive: true,
    description: 'continue the last session in this work root',
  },
  {
    name: 'resume',
    short: 'r',
    type: 'string',
    value: '[ID]',
    group: 'resume',
    interactive: true,
    description: 'resume a session by id; without one, pick from a list',
    doc: "resume a session by id (an id that names no loadable session: exit 2, nothing sent); without an id the REPL lists the work root's sessions to pick from",
  },
  {
    name: 'json',
    type: 'boolean',
    group: 'info',
    interactive: false,
    description: "with 'skills': print one JSON object",
    doc: 'with `harness skills`: print one JSON object',
  },
  {
    name: 'strict',
    type: 'boolean',
    group: 'info',
    interactive: false,
    description: "with 'skills lint': also fail on what skills-ref and claude.ai refuse",
    doc: 'with `harness skills lint`: also fail on what the reference validator and claude.ai refuse (unknown keys, non-string `metadata` values, a description that is not a string)',
  },
  {
    name: 'fix',
    type: 'boolean',
    group: 'info',
    interactive: false,
    description: "with 'skills lint': rewrite a mismatched name: line to the folder name",
    doc: "with `harness skills lint`: rewrite the `name:` line of a skill skipped because its name is not its folder's (nothing else in the file changes)",
  },
  {
    name: 'mcp-config',
    type: 'string',
    multiple: true,
    value: 'FILE',
    group: 'session',
    interactive: true,
    description: 'MCP servers from this JSON file or JSON text (Claude Code format; repeatable)',
    doc: 'MCP servers from this file or inline JSON (`{"mcpServers": {...}}`, Claude Code\'s format), on top of `.mcp.json` and `~/.claude.json`; repeatable',
  },
  {
    name: 'strict-mcp-config',
    type: 'boolean',
    group: 'session',
    interactive: true,
    description: 'use only the --mcp-config servers (ignore .mcp.json and ~/.claude.json)',
  },
  {
    name: 'approve-mcp',
    type: 'string',
    multiple: true,
    value: 'NAME',
    group: 'session',
    interactive: true,
    description: "approve this repository's .mcp.json server NAME (or all) and remember it",
    doc: "approve the repository's `.mcp.json` server NAME (`all`: every one) and remember it until its command or URL changes; a repository's servers start only once it is trusted and each is approved (the REPL asks about each one not approved yet; settings' `enabledMcpjsonServers` / `enableAllProjectMcpServers` approve too)",
  },
  { name: 'version', short: 'v', type: 'boolean', group: 'info', interactive: true, description: 'print the version' },
  { name: 'help', short: 'h', type: 'boolean', group: 'info', interactive: true, description: 'this text' },
];

/** The table as node:util parseArgs options. */
export function parseArgsOptions(): Record<string, { type: 'boolean' | 'string'; short?: string; multiple?: boolean }> {
  const out: Record<string, { type: 'boolean' | 'string'; short?: string; multiple?: boolean }> = {};
  for (const f of FLAGS)
    out[f.name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
  return out;
}

function flagColumn(f: FlagSpec, value: string | undefined): string {
  return `${f.short ? `-${f.short}, ` : ''}--${f.name}${value ? ` ${value}` : ''}`;
}

/** The `--help` flag lines; `interactiveOnly` leaves out the flags a screen has no use for (the TUI). */
export function flagHelpLines(interactiveOnly = false): string[] {
  return FLAGS.filter((f) => !interactiveOnly || f.interactive).map((f) => {
    const column = `${f.short ? '' : '    '}${flagColumn(f, f.value)}`;
    return `  ${column.padEnd(28)} ${f.description}`;
  });
}

/** The README's flags table (Markdown), generated from the table; a test keeps the README equal to it. */
export function flagsMarkdownTable(): string {
  const rows = FLAGS.map(
    (f) =>
      `| \`${flagColumn(f, f.docValue ?? f.value)}\`${f.multiple ? ' (repeatable)' : ''} | ${f.doc ?? f.description} |`,
  );
  return ['| flag | meaning |', '|---|---|', ...rows].join('\n');
}
