import type { ApprovalRequest } from './types.js';
import { formatRule } from './rules.js';
import type { Rule } from './rules.js';
import { normalizeCommand } from './bash-match.js';
import type { BashPattern } from './bash-match.js';
import { splitForAllow } from './shell/allow-walk.js';
import { isCodeRunner, programDanger } from './programs/index.js';
import { FILTER_NAMES } from './programs/filters.js';
import { targetOf } from './match.js';
import { escapeGlob } from './paths.js';
import { toolOf } from './tool-table.js';
import type { RuleTool } from './tool-table.js';

/**
 * Programs whose second word is a subcommand (`git status`) and whose code-running options the
 * policy knows (programs/: git's `-c`, `--upload-pack`, npm's `--script-shell`, `exec`...): only
 * for these may "always" store command + subcommand. For any other program (make, go, cargo, gh,
 * apt-get...) a prefix would also cover options the policy cannot judge (`make -f evil.mk`,
 * `go test -exec`, `cargo build --config`), so "always" stores the exact command.
 */
const SUBCOMMAND_PROGRAMS = new Set(['git', 'npm', 'pnpm', 'yarn', 'bun']);
/** Subcommands that run what follows them (`cargo run`, `docker exec`, `uv run`): "always" stores the exact command. */
const RUN_VERBS = new Set([
  'run',
  'exec',
  'x',
  'dlx',
  'eval',
  'shell',
  'repl',
  'foreach',
  'debug',
  'attach',
  'ssh',
  'tool',
  'script',
]);
/** `npm run build` may grant `npm run build:*`: one named script, not every script. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const SCRIPT_VERBS = new Set(['run', 'run-script']);
/** Words a prefix rule may hold and still read back as itself. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * The one bash pattern an "always" answer stores for this command: the exact command, or the
 * command and its subcommand (`git status -s` -> `git status`, `npm run build` -> `npm run build`)
 * when every word is literal, the program has a table of its dangerous options, is no interpreter, shell, wrapper or
 * code runner, the subcommand does not run what follows it, and no word of the command uses a
 * code-running option (`git -c`, `npm --script-shell`). Harmless filters after a pipe are left
 * out (`npm test 2>&1 | tail -40` stores `npm test`, `make | tail -5` stores `make`): every bash
 * rule covers them anyway, so the next `| tail -12` does not ask again.
 */
export function alwaysBashPattern(command: string): BashPattern {
  const exact: BashPattern = { form: 'exact', command: normalizeCommand(command) };
  const split = splitForAllow(command);
  const core = split.ok ? split.commands.filter((piece) => !piece.filter) : [];
  if (core.length !== 1) return exact;
  const { words, assigns } = core[0] as { words: string[]; assigns: boolean };
  const filtered = split.ok && split.commands.length > 1;
  const own: BashPattern = filtered && !assigns ? { form: 'exact', command: words.map(quote).join(' ') } : exact;
  const [name = '', sub, third] = words;
  if (assigns || !SUBCOMMAND_PROGRAMS.has(name) || isCodeRunner(name) || programDanger(words)) return own;
  if (sub === undefined || sub.startsWith('-') || (RUN_VERBS.has(sub) && !(SCRIPT_RUNNERS.has(name) && sub === 'run')))
    return own;
  let prefix = [name, sub];
  if (SCRIPT_RUNNERS.has(name) && SCRIPT_VERBS.has(sub)) {
    if (third === undefined || third.startsWith('-')) return own;
    prefix = [name, sub, third];
  }
  return prefix.every((word) => PLAIN_WORD.test(word)) ? { form: 'prefix', prefix: prefix.join(' ') } : own;
}

/** A word as a rule spells it: bare when plain, else in single quotes (the rule parser reads them back). */
function quote(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The "always" rule of each specifier: a command pattern, the exact path, the name, the whole tool. */
const ALWAYS: Readonly<Record<RuleTool['specifier'], (tool: string, target: string | undefined) => Rule | undefined>> =
  {
    command: (tool, target) => {
      if (target === undefined) return undefined;
      const pattern = alwaysBashPattern(target);
      return pattern.form === 'prefix'
        ? { tool, form: 'prefix', prefix: pattern.prefix }
        : { tool, form: 'exact', command: pattern.command };
    },
    path: (tool, target) =>
      target === undefined ? undefined : { tool, form: 'path', pattern: escapeGlob(target.replace(/^(\.\/)+/, '')) },
    name: (tool, target) => (target === undefined ? undefined : { tool, form: 'name', name: target }),
    none: (tool) => ({ tool, form: 'tool' }),
  };

/**
 * The rule an "always" (session) answer to this request stores, or undefined when it would store
 * nothing (a tool the table does not know, a call without a target). A whole tool only for a tool
 * that takes no specifier: a command tool gets `alwaysBashPattern`, a path tool the exact path it
 * touches, a name tool (skill) the name.
 */
export function alwaysRule(request: ApprovalRequest, tool: RuleTool | undefined): Rule | undefined {
  // A call outside the sandbox is asked about each time: no rule could say "outside" and stay narrow.
  if (tool === undefined || request.escapesSandbox === true) return undefined;
  return ALWAYS[tool.specifier](tool.name, targetOf(request, tool));
}

/** What every command rule covers besides its own commands (programs/filters.ts), in words. */
export const FILTERS_TOO = `also followed by harmless filters (${FILTER_NAMES.map((name) => `| ${name}`).join(', ')} without options that run programs, write or read files) and 2>&1, >/dev/null`;

/**
 * What the rule an "always" answer stores will cover, in words, for the question to show before
 * the answer (next to the rule itself); `''` when it stores nothing.
 */
export function alwaysRuleScope(request: ApprovalRequest, tools?: readonly RuleTool[]): string {
  const rule = alwaysRule(request, toolOf(request, tools));
  if (rule === undefined) return '';
  switch (rule.form) {
    case 'exact':
      return rule.command === normalizeCommand(targetOf(request, toolOf(request, tools)) ?? '')
        ? `exactly this command, as written, ${FILTERS_TOO}`
        : `exactly "${rule.command}", ${FILTERS_TOO}`;
    case 'prefix':
      return `every "${rule.prefix} …" command, whatever follows, except with an option that runs other code or writes outside the work tree; ${FILTERS_TOO}`;
    case 'path':
      return `${rule.tool} of this path only`;
    case 'name':
      return `${rule.tool} ${rule.name}, with any arguments`;
    case 'tool':
      return `every ${rule.tool} call`;
  }
}

/**
 * Shared interface D: the exact rule text (our syntax) an "always"/session answer to this request
 * will store, for the question to show before it is answered; `''` when it would store nothing.
 * The tool is looked up in `tools` (the registry's `ruleNames()`), else taken from
 * `request.ruleTool` (the agent fills it), so a front end needs no table of its own.
 */
export function alwaysRuleFor(request: ApprovalRequest, tools?: readonly RuleTool[]): string {
  const rule = alwaysRule(request, toolOf(request, tools));
  return rule ? formatRule(rule) : '';
}
