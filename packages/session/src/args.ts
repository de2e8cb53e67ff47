import { parseArgs } from 'node:util';
import { parseRuleList } from '@coding-harness/approval';
import { parsePermissionMode } from '@coding-harness/approval';
import type { PermissionMode } from '@coding-harness/approval';
import { closestFlag } from './flag-suggest.js';
import { CONFLICTS, FLAGS, parseArgsOptions } from './flags.js';
import type { EffortFlag, INPUT_FORMATS, OUTPUT_FORMATS } from './flags.js';
import { claudeFlagValues } from './settings/flags.js';

export { EFFORTS } from './flags.js';
export type { EffortFlag } from './flags.js';

/** How `-p` output is written. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** How `-p` reads its input: the prompt as text, or Claude Code's user-message JSON lines. */
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** A subcommand other than a session. */
export type HarnessCommand =
  | { name: 'skills'; json: boolean }
  | { name: 'sandbox' }
  | { name: 'skills-lint'; paths: string[]; strict: boolean; fix: boolean };

/** Every flag of `harness`, validated and typed; what `buildHarness` and the front ends read. */
export interface HarnessFlags {
  /** `-C DIR` as given (relative to the caller's cwd); undefined means the cwd. */
  directory?: string;
  /** `--acp`: serve the Agent Client Protocol on stdin/stdout (the editor names each session's work root). */
  acp: boolean;
  /** `-p`: run one prompt and exit. */
  print: boolean;
  /** The prompt given after `-p` (or as positionals with it); undefined means read stdin. */
  prompt?: string;
  model?: string;
  maxTurns?: number;
  /** `--thinking` as typed (`adaptive`, `between_tools`, `off` or a token budget); checked against the model by `buildHarness`. */
  thinking?: string;
  /** `--effort`; whether the model accepts it is checked by `buildHarness`. */
  effort?: EffortFlag;
  /** `--max-tokens N` (N >= 1); checked against the model's output limit by `buildHarness`. */
  maxTokens?: number;
  /** False with `--no-auto-skills`. */
  autoSkills: boolean;
  /** False with `--no-skills`: no skills (enabled plugins' agents and hooks still load). */
  skills: boolean;
  /** `--skills DIR`, in order, as given. */
  skillDirs: string[];
  /** `--untrusted`: this run skips project skills and the repository's AGENTS.md / CLAUDE.md. */
  untrusted: boolean;
  /** `--trust`: record that this repository is trusted (its skills' `allowed-tools` apply), then run. */
  trust: boolean;
  /** Rule texts, one per rule, split; `buildHarness` checks them against the session's tools (a bad one is a UsageError). */
  allowedTools: string[];
  disallowedTools: string[];
  permissionMode: PermissionMode;
  /** True when `--permission-mode` (or `--dangerously-skip-permissions`) was given: a settings file's `defaultMode` then does not apply. */
  permissionModeGiven?: boolean;
  /** `--settings FILE` (or a JSON object), as given: the highest settings scope. */
  settings?: string;
  /** `--add-dir DIR`, as given (relative to the cwd): more folders the tools read and write like the work root. */
  addDirs?: string[];
  /** `--system-prompt`: replaces the harness's own first system block. */
  systemPrompt?: string;
  /** `--append-system-prompt`: a last system block. */
  appendSystemPrompt?: string;
  /** `--setting-sources user,project,local`: the settings scopes read (absent: all). */
  settingSources?: string[];
  /** `--fallback-model`: the model a turn is sent again on when the model stays overloaded. */
  fallbackModel?: string;
  /** `--session-id`: the new session's id. */
  sessionId?: string;
  /** `--agents '<json>'`: custom agents for this session, as given. */
  agentsJson?: string;
  /** `--include-partial-messages`: stream-json output also carries `stream_event` lines. */
  includePartialMessages?: boolean;
  /** `--fork-session`: with --resume/--continue, a new session holding a copy of the conversation. */
  forkSession?: boolean;
  /** `--plugin-dir DIR` as given (relative to the cwd): plugin folders loaded for this run. */
  pluginDirs?: string[];
  /** False with `--no-sandbox`: commands run without the OS sandbox. */
  sandbox: boolean;
  outputFormat: OutputFormat;
  inputFormat: InputFormat;
  /** `--verbose`: in `-p` text mode, tool calls and their results go to stderr. */
  verbose: boolean;
  /** `--refusal-retry`: a refused request is sent again once on the model the API recommends. */
  refusalRetry: boolean;
  continue: boolean;
  /** A session id; `''` for `--resume` given without one: the REPL opens a picker (`-p` refuses it). */
  resume?: string;
  version: boolean;
  help: boolean;
  /** Set for `harness skills ...`; undefined for a session. */
  command?: HarnessCommand;
  /** `--mcp-config` values (files or inline JSON), in order. */
  mcpConfig?: string[];
  /** `--strict-mcp-config`: only the `--mcp-config` servers. */
  strictMcpConfig?: boolean;
  /** `--approve-mcp NAME` values (`all` for every `.mcp.json` server). */
  approveMcp?: string[];
}

/** The result of parsing: flags, or a usage error that the caller prints and exits 2 with. */
export type ParseResult = { ok: true; flags: HarnessFlags } | { ok: false; message: string; exitCode: 2 };

const OPTIONS = parseArgsOptions();
const LONG_NAMES = new Set(FLAGS.map((f) => f.name));

/**
 * Rewrites argv so node:util parseArgs accepts the design's forms: single-dash long options
 * (`-no-skills`, `-model X`), camelCase aliases (`--allowedTools`), and `--print=PROMPT`.
 * Everything after `--` is left alone.
 */
export function normalizeArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-r' && (argv[i + 1] === undefined || argv[i + 1]!.startsWith('-'))) {
      out.push('--resume=');
      continue;
    }
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const m = /^-{1,2}([A-Za-z][A-Za-z-]+)(=(.*))?$/s.exec(arg);
    if (!m) {
      out.push(arg);
      continue;
    }
    const name = m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (!LONG_NAMES.has(name)) {
      out.push(arg);
      continue;
    }
    // `--resume` with no id after it (last, or before another flag): the empty id, a picker.
    if (name === 'resume' && m[2] === undefined && (argv[i + 1] === undefined || argv[i + 1]!.startsWith('-'))) {
      out.push('--resume=');
      continue;
    }
    if (name === 'print' && m[2] !== undefined) {
      out.push('--print', m[3]!);
      continue;
    }
    out.push(`--${name}${m[2] ?? ''}`);
  }
  return out;
}

function usage(message: string): Usage {
  return { ok: false, message, exitCode: 2 };
}

/**
 * Splits rule flags into one text per rule. Whether a rule names a tool is checked by
 * `buildHarness` against the session's own tool registry (a library's tools may be named too).
 */
function rules(values: readonly string[]): string[] {
  return values.flatMap((value) => parseRuleList(value));
}

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
type Values = Parsed['values'];
type Usage = Extract<ParseResult, { ok: false }>;

/** node:util's parse of the table's options; an unknown flag names the word typed and the closest flag. */
function parseOptions(argv: readonly string[]): Parsed | Usage {
  try {
    return parseArgs({ args: normalizeArgv(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    let message = (err as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    let unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    // A single-dash long form (`-modle`) reaches parseArgs as short options: name the word typed.
    const word =
      unknown?.length === 2 ? argv.find((a) => a.startsWith(unknown!) && /^-[A-Za-z][\w-]+/.test(a)) : undefined;
    if (word !== undefined) {
      unknown = word.replace(/=.*$/s, '');
      message = `Unknown option '${unknown}'`;
    }
    const near = unknown === undefined ? undefined : closestFlag(unknown, [...LONG_NAMES]);
    return usage(`${message}${near ? ` (did you mean --${near}?)` : ''} (harness --help lists the flags)`);
  }
}

/** The table's own value checks, then flags that cannot be used together. */
function flagProblems(v: Values): Usage | undefined {
  for (const spec of FLAGS) {
    const value = v[spec.name];
    const problem = spec.check && typeof value === 'string' ? spec.check(value) : undefined;
    if (problem) return usage(problem);
  }
  const given = (name: string): boolean =>
    Array.isArray(v[name]) ? (v[name] as unknown[]).length > 0 : v[name] !== undefined && v[name] !== false;
  const conflict = CONFLICTS.find(([a, b]) => given(a) && given(b));
  if (conflict) return usage(`--${conflict[0]} and --${conflict[1]} cannot be used together`);
  return undefined;
}

/** `-p`'s prompt, or the subcommand (`skills`, `skills lint`, `sandbox`) the positionals name. */
function subcommandOf(
  positionals: readonly string[],
  on: (name: string) => boolean,
): { command?: HarnessCommand; prompt?: string } | Usage {
  let command: HarnessCommand | undefined;
  let prompt: string | undefined;
  if (on('print')) {
    if (positionals.length > 0) prompt = positionals.join(' ');
  } else if (positionals[0] === 'skills') {
    if (positionals[1] === 'lint')
      command = { name: 'skills-lint', paths: positionals.slice(2), strict: on('strict'), fix: on('fix') };
    else if (positionals.length === 1) command = { name: 'skills', json: on('json') };
    else return usage(`unknown argument '${positionals[1]}' for harness skills (try harness skills lint PATH...)`);
  } else if (positionals[0] === 'sandbox') {
    if (positionals.length > 1) return usage(`unexpected argument '${positionals[1]}' for harness sandbox`);
    command = { name: 'sandbox' };
  } else if (positionals.length > 0 && !on('help') && !on('version')) {
    return usage(
      `unexpected argument '${positionals[0]}': to run a prompt use harness -p "PROMPT"; the subcommands are 'skills', 'sandbox' and 'mcp'`,
    );
  }
  return { ...(command ? { command } : {}), ...(prompt !== undefined ? { prompt } : {}) };
}

/** Flags given where they do not belong (a subcommand's flag without it) or with an empty value. */
function misplaced(v: Values, on: (name: string) => boolean, command: HarnessCommand | undefined): Usage | undefined {
  for (const flag of ['strict', 'fix'])
    if (on(flag) && command?.name !== 'skills-lint') return usage(`--${flag} belongs to harness skills lint`);
  if (on('json') && command?.name !== 'skills')
    return usage('--json belongs to harness skills; for sessions use --output-format json');
  for (const name of ['settings', 'system-prompt'])
    if (typeof v[name] === 'string' && (v[name] as string).trim() === '')
      return usage(`--${name} needs a value (leave the flag out for none)`);
  return undefined;
}

/**
 * Parses `harness` argv (without node and script). Never throws and never exits: an unknown
 * flag, a missing or bad value, or a flag in the wrong place comes back as a message naming it,
 * with exit code 2. Checks that need the file system (`-C` exists) or the session's tools (what
 * a rule names) are `buildHarness`'s.
 */
export function parseHarnessArgs(argv: readonly string[]): ParseResult {
  const parsed = parseOptions(argv);
  if ('ok' in parsed) return parsed;
  const v = parsed.values;
  const positionals = parsed.positionals;

  const problem = flagProblems(v);
  if (problem) return problem;
  const text = (name: string): string | undefined =>
    (v[name] as string | undefined) ?? FLAGS.find((f) => f.name === name)?.default;
  const on = (name: string): boolean => v[name] === true;
  const list = (name: string): string[] => (v[name] as string[] | undefined) ?? [];
  const number = (name: string): number | undefined => (text(name) === undefined ? undefined : Number(text(name)));
  const maxTurns = number('max-turns');
  const thinking = text('thinking');
  const effort = text('effort');
  const maxTokens = number('max-tokens');
  // Checked by the flag's row: every accepted word names a mode.
  const skip = on('dangerously-skip-permissions');
  const mode = skip
    ? 'bypassPermissions'
    : (parsePermissionMode(text('permission-mode') ?? 'default') as PermissionMode);
  const format = text('output-format') as OutputFormat;
  const inputFormat = text('input-format') as InputFormat;
  const allowed = rules(list('allowed-tools'));
  const disallowed = rules(list('disallowed-tools'));

  const sub = subcommandOf(positionals, on);
  if ('ok' in sub) return sub;
  const { command, prompt } = sub;
  const wrong = misplaced(v, on, command);
  if (wrong) return wrong;
  const directory = text('directory');
  const model = text('model');
  const resume = text('resume');
  if (resume === '' && on('print'))
    return usage(
      '--resume without an id opens a picker in the REPL; with -p name the session: harness --resume <id> -p ...',
    );

  return {
    ok: true,
    flags: {
      ...(directory !== undefined ? { directory } : {}),
      acp: on('acp'),
      print: on('print'),
      ...(prompt !== undefined ? { prompt } : {}),
      ...(model !== undefined ? { model } : {}),
      ...(maxTurns !== undefined ? { maxTurns } : {}),
      ...(thinking !== undefined ? { thinking } : {}),
      ...(effort !== undefined ? { effort: effort as EffortFlag } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      autoSkills: !on('no-auto-skills'),
      skills: !on('no-skills'),
      skillDirs: list('skills'),
      untrusted: on('untrusted'),
      trust: on('trust'),
      allowedTools: allowed,
      disallowedTools: disallowed,
      permissionMode: mode,
      ...(skip || v['permission-mode'] !== undefined ? { permissionModeGiven: true } : {}),
      ...(v.settings !== undefined ? { settings: v.settings as string } : {}),
      ...(list('add-dir').length > 0 ? { addDirs: list('add-dir') } : {}),
      ...(v['system-prompt'] !== undefined ? { systemPrompt: v['system-prompt'] as string } : {}),
      ...(v['append-system-prompt'] !== undefined ? { appendSystemPrompt: v['append-system-prompt'] as string } : {}),
      ...claudeFlagValues(v),
      sandbox: !on('no-sandbox'),
      outputFormat: format,
      inputFormat,
      verbose: on('verbose'),
      refusalRetry: on('refusal-retry'),
      continue: on('continue'),
      ...(resume !== undefined ? { resume } : {}),
      version: on('version'),
      help: on('help'),
      ...(command ? { command } : {}),
      mcpConfig: list('mcp-config'),
      strictMcpConfig: on('strict-mcp-config'),
      approveMcp: list('approve-mcp'),
    },
  };
}
