import { flagHelpLines } from './flags.js';
import { slashHelpSummary } from './commands.js';

/** Where the help text is shown: `harness` lists every flag; the TUI leaves out the ones a screen has no use for. */
export type HelpAudience = 'harness' | 'tui';

const USAGE: Readonly<Record<HelpAudience, (program: string) => string[]>> = {
  harness: (program) => [
    `  ${program} [flags]                 interactive session (line-based)`,
    `  ${program} -p [PROMPT] [flags]     run one prompt and exit (PROMPT from stdin when omitted)`,
    `  ${program} skills [--json]         list discovered skills, problems and notes`,
    `  ${program} skills lint [PATH...]   strictly validate skill folders (exit 1 on any problem)`,
    `  ${program} sandbox                 what commands may write, read and reach in the OS sandbox here`,
  ],
  tui: (program) => [
    `  ${program} [flags]          full-screen interactive session`,
    `  ${program} --demo-fake      a scripted fake session: no model, no tools, no key`,
  ],
};

/**
 * The `--help` text, generated from the flags table and the slash-command table: usage, every
 * flag (the TUI's without `-p`, its output flags and `--json`), the commands, environment and
 * exit codes. Shared by `harness` and `harness-tui`.
 */
export function helpText(
  program = 'harness',
  audience: HelpAudience = program === 'harness-tui' ? 'tui' : 'harness',
): string {
  const tui = audience === 'tui';
  return [
    ...(tui ? ['harness-tui: the full-screen coding agent (the same session, flags and commands as harness)', ''] : []),
    'Usage:',
    ...USAGE[audience](program),
    '',
    'Flags:',
    ...flagHelpLines(tui),
    'Single-dash long forms work too (-no-skills, -model ID).',
    '',
    `Interactive commands: ${slashHelpSummary()}; a skill runs as /name [args] or /skill:name [args].`,
    '',
    'Environment: ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL,',
    'XDG_CONFIG_HOME (trust.json, settings.json and AGENTS.md live in its coding-harness/), XDG_STATE_HOME, NO_COLOR.',
    'Claude Code settings and memory files are read too: ~/.claude/settings.json, <root>/.claude/settings{,.local}.json, CLAUDE.md.',
    'Exit codes: 0 done, 1 model or API failure (after retries), refusal or turn limit, 2 bad usage, 130 interrupted.',
    'Try it offline: npx -p @coding-harness/mock-anthropic mock-anthropic --help (a scripted Messages API for ANTHROPIC_BASE_URL).',
    '',
  ].join('\n');
}
