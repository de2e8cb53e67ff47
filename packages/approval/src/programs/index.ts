import { gitDanger } from './git.js';
import { CODE_RUNNERS, interpreterCheck } from './interpreters.js';
import { PACKAGE_MANAGERS, findDanger, packageManagerDanger } from './package-managers.js';
import { EVALUATORS, SHELLS, SUBSCRIPT_EVALUATORS, WRAPPERS } from './wrappers.js';
import { firstOption } from './types.js';
import type { Danger, DangerCheck } from './types.js';

export type { Danger } from './types.js';
export { CODE_RUNNERS } from './interpreters.js';

/** Per-program checks, by program name (the command word exactly as written). */
const CHECKS: Readonly<Record<string, DangerCheck>> = {
  git: gitDanger,
  find: findDanger,
  test: (words) => firstOption(words, 1, ['-v', '-R'], 'test -v evaluates an array subscript (it can run commands)'),
  '[': (words) => firstOption(words, 1, ['-v', '-R'], '[ -v evaluates an array subscript (it can run commands)'),
  printf: (words) =>
    firstOption(words, 1, ['-v'], 'printf -v assigns through an array subscript (it can run commands)'),
};

/**
 * Why a prefix rule must not cover this command (all words literal), or undefined. The danger
 * names a word; a rule whose own words reach that word (`Bash(git -c:*)`, `Bash(sudo:*)`)
 * names it explicitly and covers the command all the same.
 */
export function programDanger(words: readonly string[]): Danger | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = first.slice(first.lastIndexOf('/') + 1);
  if (Object.hasOwn(WRAPPERS, name)) return { index: 0, reason: `${name} runs another command` };
  if (SHELLS.has(name)) return { index: 0, reason: `${name} runs shell code` };
  if (EVALUATORS.has(name)) return { index: 0, reason: `${name} runs shell code from a string or file` };
  if (name === 'xargs' || name === 'parallel')
    return { index: 0, reason: `${name} runs commands built from its input` };
  const check = Object.hasOwn(CHECKS, name)
    ? CHECKS[name]
    : PACKAGE_MANAGERS.has(name)
      ? packageManagerDanger
      : interpreterCheck(name);
  const found = check?.([name, ...words.slice(1)]);
  if (found) return found;
  if (SUBSCRIPT_EVALUATORS.has(name) && !Object.hasOwn(CHECKS, name))
    return { index: 0, reason: `${name} evaluates array subscripts in its arguments` };
  return undefined;
}

/** Whether "always" must store the exact command for this program (never a prefix). */
export function isCodeRunner(name: string): boolean {
  return (
    CODE_RUNNERS.has(name) ||
    Object.hasOwn(WRAPPERS, name) ||
    SHELLS.has(name) ||
    EVALUATORS.has(name) ||
    SUBSCRIPT_EVALUATORS.has(name) ||
    name === 'parallel'
  );
}

export type { DangerCheck };
