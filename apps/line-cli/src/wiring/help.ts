/** The `--help` text: every flag and subcommand, one line each. Shared by `harness` and the TUI. */
export function helpText(program = 'harness'): string {
  return `Usage:
  ${program} [flags]                 interactive session (line-based)
  ${program} -p [PROMPT] [flags]     run one prompt and exit (PROMPT from stdin when omitted)
  ${program} skills [--json]         list discovered skills, problems and notes
  ${program} skills lint [PATH...]   strictly validate skill folders (exit 1 on any problem)

Flags:
  -C, --directory DIR          work root (default: current directory); must exist
  -p, --print                  non-interactive: run the prompt, print the answer, exit
      --output-format FMT      text (default) | json (one object at the end) | stream-json (one event per line)
      --verbose                with -p and text output: tool calls and results on stderr
      --model ID               model id (also ANTHROPIC_MODEL; default claude-sonnet-5-5)
      --max-turns N            stop after N model requests in one turn
      --effort LEVEL           low | medium | high | xhigh | max (default: the model's own)
      --thinking MODE          adaptive | between_tools | off | N (a token budget, models that take one)
      --max-tokens N           output limit per request (default: the model's, e.g. 128000 for claude-sonnet-5-5)
      --no-skills              no skill discovery at all: no skill tool, no prompt addition
      --skills DIR             an extra skill folder (repeatable; highest precedence)
      --untrusted              this run: skip project skills and the repository's AGENTS.md / CLAUDE.md
      --trust                  record that this repository is trusted: its skills' allowed-tools apply
      --no-auto-skills         never auto-load a skill that matches a turn
      --allowed-tools RULES    allow without asking, e.g. "Edit Bash(npm test:*)" (comma or space separated)
      --disallowed-tools RULES always refuse these (deny wins over allow)
      --permission-mode MODE   ask (default) | accept-edits | bypass | plan
  -c, --continue               continue the last session in this work root
  -r, --resume ID              resume a session by id
      --json                   with 'skills': print one JSON object
  -v, --version                print the version
  -h, --help                   this text
Single-dash long forms work too (-no-skills, -model ID).

Interactive commands: /help /skills /allowed /clear /exit; a skill runs as /name [args] or /skill:name [args].

Environment: ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL, ANTHROPIC_MODEL,
XDG_CONFIG_HOME (trust.json and AGENTS.md live in its coding-harness/), XDG_STATE_HOME, NO_COLOR.
Exit codes: 0 done, 1 model or API failure (after retries), refusal or turn limit, 2 bad usage, 130 interrupted.
Try it offline: pnpm demo
`;
}
