/**
 * What the harness does with each Claude Code flag and settings key, as data: the line-cli
 * README's compatibility table is generated from it (and from the settings key table), and a
 * test parses every flag row marked accepted, so the table cannot promise a flag the parser
 * refuses.
 */
import { SETTINGS_KEYS } from './keys.js';

/** How a Claude Code flag fares: `supported` and `partly` are parsed; `no` is a usage error (exit 2) today. */
export type FlagSupport = 'supported' | 'partly' | 'no';

export interface ClaudeFlagRow {
  /** Claude Code's spelling. */
  flag: string;
  support: FlagSupport;
  note: string;
  /** An argv that uses it (without `-p PROMPT`), parsed by the compatibility test; absent for `no`. */
  example?: string[];
}

export const CLAUDE_CODE_FLAG_ROWS: readonly ClaudeFlagRow[] = [
  { flag: '-p, --print', support: 'supported', note: 'one prompt, then exit', example: [] },
  {
    flag: '--output-format text\\|json\\|stream-json',
    support: 'supported',
    note: "Claude Code's shapes",
    example: ['--output-format', 'json'],
  },
  { flag: '--input-format text\\|stream-json', support: 'supported', note: '', example: ['--input-format', 'text'] },
  { flag: '--verbose', support: 'supported', note: 'tool calls on stderr', example: ['--verbose'] },
  { flag: '--model', support: 'supported', note: 'full model ids', example: ['--model', 'claude-sonnet-5-5'] },
  { flag: '--max-turns', support: 'supported', note: 'model requests per turn', example: ['--max-turns', '3'] },
  {
    flag: '--permission-mode',
    support: 'supported',
    note: '`default`, `acceptEdits`, `plan`, `bypassPermissions`',
    example: ['--permission-mode', 'acceptEdits'],
  },
  {
    flag: '--dangerously-skip-permissions',
    support: 'supported',
    note: '`bypassPermissions`; deny rules still apply',
    example: ['--dangerously-skip-permissions'],
  },
  {
    flag: '--allowedTools, --allowed-tools',
    support: 'supported',
    note: "a Claude Code tool this harness lacks (`NotebookEdit`, `TodoWrite`, ...) is a notice, not an error; `WebFetch` / `WebSearch` switch on the API's web tools",
    example: ['--allowedTools', 'Read WebFetch'],
  },
  {
    flag: '--disallowedTools, --disallowed-tools',
    support: 'supported',
    note: 'as above',
    example: ['--disallowedTools', 'NotebookEdit'],
  },
  {
    flag: '--add-dir',
    support: 'supported',
    note: 'read and written like the work root (edits ask unless allowed; the sandbox binds it writable)',
    example: ['--add-dir', '.'],
  },
  {
    flag: '--system-prompt',
    support: 'supported',
    note: 'memory files and the skills listing still follow',
    example: ['--system-prompt', 'x'],
  },
  {
    flag: '--append-system-prompt',
    support: 'supported',
    note: 'the last system block',
    example: ['--append-system-prompt', 'x'],
  },
  {
    flag: '--settings',
    support: 'supported',
    note: 'a file or a JSON object, above every settings file',
    example: ['--settings', '{}'],
  },
  { flag: '-c, --continue', support: 'supported', note: '', example: ['--continue'] },
  { flag: '-r, --resume', support: 'supported', note: '', example: ['--resume', 'abc'] },
  {
    flag: '--include-partial-messages',
    support: 'supported',
    note: "with `--output-format stream-json`: `stream_event` lines (the Messages API's stream events) as the reply streams; a tool call's input comes whole, in one `input_json_delta`",
    example: ['--output-format', 'stream-json', '--include-partial-messages'],
  },
  {
    flag: '--mcp-config, --strict-mcp-config',
    support: 'supported',
    note: 'files or JSON objects; `--strict-mcp-config` uses only them',
    example: ['--mcp-config', '{"mcpServers":{}}', '--strict-mcp-config'],
  },
  {
    flag: '--setting-sources',
    support: 'supported',
    note: "`user` (with the harness's own user file), `project`, `local`; `--settings` is always read",
    example: ['--setting-sources', 'user,project'],
  },
  {
    flag: '--fallback-model',
    support: 'supported',
    note: 'still overloaded after every retry: the request goes once to this model, for the rest of the turn',
    example: ['--fallback-model', 'claude-haiku-5-5'],
  },
  {
    flag: '--session-id',
    support: 'supported',
    note: "the new session's id; an id already used is a usage error",
    example: ['--session-id', '3f2b7c1e-0a4d-4e8b-9c6f-1d2e3f4a5b6c'],
  },
  {
    flag: '--agents',
    support: 'supported',
    note: "a JSON object of agents, each with an agent file's fields (`description`, `prompt`, `tools`, `model`, ...)",
    example: ['--agents', '{"reviewer":{"description":"Reviews.","prompt":"Review."}}'],
  },
  {
    flag: '--fork-session',
    support: 'supported',
    note: 'with `--resume` / `--continue`: the conversation is copied into a new session id (or `--session-id`)',
    example: ['--continue', '--fork-session'],
  },
  {
    flag: '--plugin-dir',
    support: 'supported',
    note: "a plugin folder for this run: its skills, agents, hooks and MCP servers, as an installed plugin's",
    example: ['--plugin-dir', '.'],
  },
  { flag: '--permission-prompt-tool', support: 'no', note: 'not yet' },
];

const FLAG_WORDS: Readonly<Record<FlagSupport, string>> = {
  supported: 'supported',
  partly: 'partly',
  no: 'not accepted (exit 2)',
};

/** The README's table: each Claude Code flag, then each settings key, with what the harness does. */
export function claudeCompatMarkdownTable(): string {
  const flags = CLAUDE_CODE_FLAG_ROWS.map((r) => `| \`${r.flag}\` | ${FLAG_WORDS[r.support]} | ${r.note} |`);
  const keys = SETTINGS_KEYS.map((k) => `| settings \`${k.key}\` | ${k.support} | ${k.doc} |`);
  return [
    '| Claude Code | here | notes |',
    '|---|---|---|',
    ...flags,
    ...keys,
    '| other settings keys | ignored | kept, never an error |',
  ].join('\n');
}
