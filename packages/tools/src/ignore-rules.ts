/**
 * The one module that reaches into `ignore`'s private rule set (`ig._rules`), for two reasons:
 *  - linear time: each rule's JavaScript RegExp backtracks (`*a*a*a*…b` against a long name takes
 *    minutes); it is swapped for its RE2 translation run by re2js;
 *  - speed: the walker never enters an ignored directory, so one path needs testing against one
 *    file's rules without re-walking its parents, which the public `test` does (about 5x slower
 *    on large trees).
 * The private shape is that of `ignore` 7.0.5 (pinned exactly in package.json).
 * ignore-rules.test.ts checks that shape and compares every answer with the public
 * `ignore().test()` on a fixture tree, so a version that changes it fails there, not silently.
 */
import ignore, { type Ignore } from 'ignore';
import { translatePattern } from './grep-regex.js';
import { compileRe2 } from './re2.js';

/** A .gitignore line longer than this is skipped with a note. */
export const GITIGNORE_LINE_MAX = 4096;

/** One path (posix, relative to the .gitignore's folder; a folder ends in `/`) against one file's rules. */
export type TestOne = (p: string) => { ignored: boolean; unignored: boolean };

/** Where notes about skipped lines go. */
export type NoteSink = (note: string) => void;

/** What `ignore` 7.0.5 keeps per rule. */
interface PrivateRule {
  pattern: string;
  regex: { test(p: string): boolean; source: string };
}

/** What `ignore` 7.0.5 keeps as `ig._rules`: the rule list and the single-path test over it. */
interface PrivateRules {
  _rules: PrivateRule[];
  test(p: string, checkUnignored: boolean, mode: string): { ignored: boolean; unignored: boolean };
}

/** `ig._rules` when it has the shape this module relies on, else undefined. */
function privateRules(ig: Ignore): PrivateRules | undefined {
  const rules = (ig as unknown as { _rules?: Partial<PrivateRules> })._rules;
  if (rules === undefined || !Array.isArray(rules._rules) || typeof rules.test !== 'function') return undefined;
  const first = rules._rules[0];
  if (first !== undefined && (typeof first.pattern !== 'string' || !(first.regex instanceof RegExp))) return undefined;
  return rules as PrivateRules;
}

/** Whether the installed `ignore` still has the private shape (false means every .gitignore is refused, see compileRules). */
export function ignoreInternalsPresent(): boolean {
  return privateRules(ignore().add('probe')) !== undefined;
}

/** ignore's rules end with this lookahead (end of path, or the `/` of a directory): a consuming group is equivalent for a test. */
const TRAILING_LOOKAHEAD = '(?=$|\\/$)';

/** Replaces each rule's RegExp with its RE2 translation; a rule without one is dropped and noted. */
function makeLinear(rules: PrivateRules, where: string, note: NoteSink): void {
  rules._rules = rules._rules.filter((rule) => {
    if (rule.pattern.length > GITIGNORE_LINE_MAX) {
      note(
        `Note: ${where}: a line of ${rule.pattern.length} characters was skipped (longer than ${GITIGNORE_LINE_MAX}).`,
      );
      return false;
    }
    let source = rule.regex.source;
    if (source.endsWith(TRAILING_LOOKAHEAD)) source = `${source.slice(0, -TRAILING_LOOKAHEAD.length)}(?:$|\\/$)`;
    const translated = translatePattern(source, 're2');
    const compiled = translated === undefined ? undefined : compileRe2(translated);
    if (compiled === undefined || !compiled.ok) {
      note(
        `Note: ${where}: the line ${JSON.stringify(rule.pattern.slice(0, 200))} was skipped (it has no linear-time form).`,
      );
      return false;
    }
    const re = compiled.re;
    Object.defineProperty(rule, 'regex', { value: { source, test: (p: string) => re.test(p) } });
    return true;
  });
}

const NOTHING: TestOne = () => ({ ignored: false, unignored: false });

/**
 * Compiles one .gitignore's text (case-sensitive, as git and ripgrep are on Linux) into a
 * linear-time single-path test. Needs loadRe2() first. Should `ignore`'s internals ever be
 * missing, the file is not used and a note says so: the backtracking public matcher is never
 * run on a repository's patterns.
 */
export function compileRules(text: string, where: string, note: NoteSink): TestOne {
  const ig: Ignore = ignore({ ignorecase: false }).add(text);
  const rules = privateRules(ig);
  if (rules === undefined) {
    note(`Note: ${where} was not used (the installed "ignore" package changed its internals).`);
    return NOTHING;
  }
  makeLinear(rules, where, note);
  const test = rules.test.bind(rules);
  return (p) => test(p, true, 'regex');
}
