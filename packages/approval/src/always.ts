import type { ApprovalRequest } from './types.js';
import { formatRule } from './rules.js';
import type { Rule } from './rules.js';
import { normalizeCommand } from './bash-match.js';
import type { BashPattern } from './bash-match.js';
import { splitForAllow } from './shell/allow-walk.js';
import { isCodeRunner, programDanger } from './programs/index.js';
import { targetOf } from './match.js';
import { escapeGlob } from './paths.js';
import { OUR_TOOLS, PATH_TOOLS } from './tool-names.js';

/** Programs whose second word is a subcommand (`git status`), so "always" may cover command + subcommand. */
const SUBCOMMAND_PROGRAMS = new Set([
  'git', 'npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'docker', 'podman', 'kubectl', 'make', 'pip', 'pip3', 'poetry',
  'uv', 'gh', 'brew', 'apt', 'apt-get', 'dotnet', 'mvn', 'gradle', 'terraform', 'helm', 'rustup', 'systemctl', 'turbo',
  'nx', 'composer', 'bundle', 'rake', 'mix', 'swift', 'conda', 'hg', 'svn', 'tsc', 'vitest', 'jest', 'eslint', 'prettier',
]);
/** Subcommands that run what follows them (`cargo run`, `docker exec`, `uv run`): "always" stores the exact command. */
const RUN_VERBS = new Set(['run', 'exec', 'x', 'dlx', 'eval', 'shell', 'repl', 'foreach', 'debug', 'attach', 'ssh', 'tool', 'script']);
/** `npm run build` may grant `npm run build:*`: one named script, not every script. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const SCRIPT_VERBS = new Set(['run', 'run-script']);
/** Words a prefix rule may hold and still read back as itself. */
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * The one bash pattern an "always" answer stores for this command: the exact command, or the
 * command and its subcommand (`git status -s` -> `git status`, `npm run build` -> `npm run build`)
 * when every word is literal, the program has subcommands, is no interpreter, shell, wrapper or
 * code runner, the subcommand does not run what follows it, and no word of the command uses a
 * code-running option (`git -c`, `npm --script-shell`).
 */
export function alwaysBashPattern(command: string): BashPattern {
  const exact: BashPattern = { form: 'exact', command: normalizeCommand(command) };
  const split = splitForAllow(command);
  if (!split.ok || split.commands.length !== 1) return exact;
  const { words, assigns } = split.commands[0] as { words: string[]; assigns: boolean };
  const [name = '', sub, third] = words;
  if (assigns || !SUBCOMMAND_PROGRAMS.has(name) || isCodeRunner(name) || programDanger(words)) return exact;
  if (sub === undefined || sub.startsWith('-') || RUN_VERBS.has(sub) && !(SCRIPT_RUNNERS.has(name) && sub === 'run')) return exact;
  let prefix = [name, sub];
  if (SCRIPT_RUNNERS.has(name) && SCRIPT_VERBS.has(sub)) {
    if (third === undefined || third.startsWith('-')) return exact;
    prefix = [name, sub, third];
  }
  return prefix.every((word) => PLAIN_WORD.test(word)) ? { form: 'prefix', prefix: prefix.join(' ') } : exact;
}

/**
 * The rule an "always" (session) answer to this request stores, or undefined when it would store
 * nothing (a tool no rule can name, a call without a target). Never a whole tool: bash gets
 * `alwaysBashPattern`, a file tool the exact path it touches, `skill` the skill's name.
 */
export function alwaysRule(request: ApprovalRequest): Rule | undefined {
  const target = targetOf(request);
  if (target === undefined || !(OUR_TOOLS as readonly string[]).includes(request.tool)) return undefined;
  if (request.tool === 'bash') {
    const pattern = alwaysBashPattern(target);
    return pattern.form === 'prefix' ? { tool: 'bash', form: 'prefix', prefix: pattern.prefix } : { tool: 'bash', form: 'exact', command: pattern.command };
  }
  if (request.tool === 'skill') return { tool: 'skill', form: 'name', name: target };
  if (!PATH_TOOLS.has(request.tool)) return undefined;
  const path = target.replace(/^(\.\/)+/, '');
  return { tool: request.tool as Rule['tool'], form: 'path', pattern: escapeGlob(path) } as Rule;
}

/**
 * Shared interface D: the exact rule text (our syntax) an "always"/session answer to this request
 * will store, for the question to show before it is answered; `''` when it would store nothing.
 */
export function alwaysRuleFor(request: ApprovalRequest): string {
  const rule = alwaysRule(request);
  return rule ? formatRule(rule) : '';
}
