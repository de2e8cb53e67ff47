import { parseArgs } from 'node:util';
import { parseRule, parseRuleList } from '@coding-harness/approval';
import type { PermissionMode } from '@coding-harness/approval';

/** How `-p` output is written. */
export type OutputFormat = 'text' | 'json' | 'stream-json';

/** A subcommand other than a session. */
export type HarnessCommand = { name: 'skills'; json: boolean } | { name: 'skills-lint'; paths: string[] };

/** Every flag of `harness`, validated and typed; what `buildHarness` and the front ends read. */
export interface HarnessFlags {
  /** `-C DIR` as given (relative to the caller's cwd); undefined means the cwd. */
  directory?: string;
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
  /** False with `--no-skills`: no discovery at all. */
  skills: boolean;
  /** `--skills DIR`, in order, as given. */
  skillDirs: string[];
  /** `--untrusted`: this run skips project skills and the repository's AGENTS.md / CLAUDE.md. */
  untrusted: boolean;
  /** `--trust`: record that this repository is trusted (its skills' `allowed-tools` apply), then run. */
  trust: boolean;
  /** Rule texts, one per rule, already split and validated. */
  allowedTools: string[];
  disallowedTools: string[];
  permissionMode: PermissionMode;
  outputFormat: OutputFormat;
  /** `--verbose`: in `-p` text mode, tool calls and their results go to stderr. */
  verbose: boolean;
  continue: boolean;
  resume?: string;
  version: boolean;
  help: boolean;
  /** Set for `harness skills ...`; undefined for a session. */
  command?: HarnessCommand;
}

/** The `--effort` values (the API's `output_config.effort` enum). */
export const EFFORTS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type EffortFlag = (typeof EFFORTS)[number];

/** The result of parsing: flags, or a usage error that the caller prints and exits 2 with. */
export type ParseResult = { ok: true; flags: HarnessFlags } | { ok: false; message: string; exitCode: 2 };

const OPTIONS = {
  directory: { type: 'string', short: 'C' },
  print: { type: 'boolean', short: 'p' },
  model: { type: 'string' },
  'max-turns': { type: 'string' },
  thinking: { type: 'string' },
  effort: { type: 'string' },
  'max-tokens': { type: 'string' },
  trust: { type: 'boolean' },
  'no-auto-skills': { type: 'boolean' },
  'no-skills': { type: 'boolean' },
  skills: { type: 'string', multiple: true },
  untrusted: { type: 'boolean' },
  'allowed-tools': { type: 'string', multiple: true },
  'disallowed-tools': { type: 'string', multiple: true },
  'permission-mode': { type: 'string' },
  'output-format': { type: 'string' },
  verbose: { type: 'boolean' },
  continue: { type: 'boolean', short: 'c' },
  resume: { type: 'string', short: 'r' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
} as const;

const LONG_NAMES = new Set(Object.keys(OPTIONS));
const MODES: readonly PermissionMode[] = ['ask', 'accept-edits', 'bypass', 'plan'];
const FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

/**
 * Rewrites argv so node:util parseArgs accepts the design's forms: single-dash long options
 * (`-no-skills`, `-model X`), camelCase aliases (`--allowedTools`), and `--print=PROMPT`.
 * Everything after `--` is left alone.
 */
export function normalizeArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
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
    if (name === 'print' && m[2] !== undefined) {
      out.push('--print', m[3]!);
      continue;
    }
    out.push(`--${name}${m[2] ?? ''}`);
  }
  return out;
}

function usage(message: string): ParseResult {
  return { ok: false, message, exitCode: 2 };
}

function nonNegativeInt(flag: string, text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) return `${flag} needs a whole number, got '${text}'`;
  return Number(text);
}

function rules(flag: string, values: readonly string[] | undefined): string[] | string {
  const out: string[] = [];
  for (const value of values ?? []) {
    for (const rule of parseRuleList(value)) {
      const parsed = parseRule(rule);
      if (!parsed.ok) return `${flag}: bad rule '${rule}': ${parsed.error}`;
      out.push(rule);
    }
  }
  return out;
}

/**
 * Parses `harness` argv (without node and script). Never throws and never exits: an unknown
 * flag, a missing or bad value, or a flag in the wrong place comes back as a message naming it,
 * with exit code 2. Checks that need the file system (`-C` exists) are `buildHarness`'s.
 */
export function parseHarnessArgs(argv: readonly string[]): ParseResult {
  let parsed;
  try {
    parsed = parseArgs({ args: normalizeArgv(argv), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    return usage(`${(err as Error).message.replace(/\. To specify a positional argument.*$/s, '')} (harness --help lists the flags)`);
  }
  const v = parsed.values;
  const positionals = parsed.positionals;

  const maxTurns = nonNegativeInt('--max-turns', v['max-turns']);
  if (typeof maxTurns === 'string') return usage(maxTurns);
  if (maxTurns === 0) return usage('--max-turns must be at least 1 (it counts model requests per turn)');
  const thinking = v.thinking;
  if (thinking !== undefined && thinking.trim() === '') return usage("--thinking needs a value: adaptive, between_tools, off or a token budget");
  const effort = v.effort;
  if (effort !== undefined && !EFFORTS.includes(effort as EffortFlag)) return usage(`--effort must be one of ${EFFORTS.join(', ')}, got '${effort}'`);
  const maxTokens = nonNegativeInt('--max-tokens', v['max-tokens']);
  if (typeof maxTokens === 'string') return usage(maxTokens);
  if (maxTokens === 0) return usage('--max-tokens must be at least 1');
  if (v.trust && v.untrusted) return usage('--trust and --untrusted cannot be used together');
  const mode = v['permission-mode'] ?? 'ask';
  if (!MODES.includes(mode as PermissionMode)) return usage(`--permission-mode must be one of ${MODES.join(', ')}, got '${mode}'`);
  const format = v['output-format'] ?? 'text';
  if (!FORMATS.includes(format as OutputFormat)) return usage(`--output-format must be one of ${FORMATS.join(', ')}, got '${format}'`);
  const allowed = rules('--allowed-tools', v['allowed-tools']);
  if (typeof allowed === 'string') return usage(allowed);
  const disallowed = rules('--disallowed-tools', v['disallowed-tools']);
  if (typeof disallowed === 'string') return usage(disallowed);
  if (v.continue && v.resume !== undefined) return usage('--continue and --resume cannot be used together');
  if (v.skills?.length && v['no-skills']) return usage('--skills and --no-skills cannot be used together');

  let command: HarnessCommand | undefined;
  let prompt: string | undefined;
  if (v.print) {
    if (positionals.length > 0) prompt = positionals.join(' ');
  } else if (positionals[0] === 'skills') {
    if (positionals[1] === 'lint') command = { name: 'skills-lint', paths: positionals.slice(2) };
    else if (positionals.length === 1) command = { name: 'skills', json: v.json === true };
    else return usage(`unknown argument '${positionals[1]}' for harness skills (try harness skills lint PATH...)`);
  } else if (positionals.length > 0 && !v.help && !v.version) {
    return usage(`unexpected argument '${positionals[0]}': to run a prompt use harness -p "PROMPT"; the only subcommand is 'skills'`);
  }
  if (v.json && command?.name !== 'skills') return usage('--json belongs to harness skills; for sessions use --output-format json');

  return {
    ok: true,
    flags: {
      ...(v.directory !== undefined ? { directory: v.directory } : {}),
      print: v.print === true,
      ...(prompt !== undefined ? { prompt } : {}),
      ...(v.model !== undefined ? { model: v.model } : {}),
      ...(maxTurns !== undefined ? { maxTurns } : {}),
      ...(thinking !== undefined ? { thinking } : {}),
      ...(effort !== undefined ? { effort: effort as EffortFlag } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      autoSkills: v['no-auto-skills'] !== true,
      skills: v['no-skills'] !== true,
      skillDirs: v.skills ?? [],
      untrusted: v.untrusted === true,
      trust: v.trust === true,
      allowedTools: allowed,
      disallowedTools: disallowed,
      permissionMode: mode as PermissionMode,
      outputFormat: format as OutputFormat,
      verbose: v.verbose === true,
      continue: v.continue === true,
      ...(v.resume !== undefined ? { resume: v.resume } : {}),
      version: v.version === true,
      help: v.help === true,
      ...(command ? { command } : {}),
    },
  };
}
