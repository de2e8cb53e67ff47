import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { translatePattern } from './grep-regex.js';
import { compileRe2 } from './re2.js';
import { readRegularTextSync } from './safe-open.js';

/** A .gitignore larger than this is not read (a note says so); real ones are a few KiB. */
export const GITIGNORE_MAX_BYTES = 1024 * 1024;
/** A .gitignore line longer than this is skipped with a note. */
export const GITIGNORE_LINE_MAX = 4096;

/** Where notes about skipped .gitignore files and lines go (shown to the model after results). */
export type NoteSink = (note: string) => void;

interface IgnoreRule {
  pattern: string;
  regex: RegExp;
}

/** ignore's rules end with this lookahead (end of path, or the `/` of a directory): a consuming group is equivalent for a test. */
const TRAILING_LOOKAHEAD = '(?=$|\\/$)';

/**
 * Replaces each rule's JavaScript RegExp (which backtracks: `*a*a*a*…b` against a long name takes
 * minutes) with its RE2 translation run by re2js, in time linear in the path. A rule without a
 * translation is dropped and noted, so no .gitignore line can make a walk hang.
 */
function makeLinear(ig: Ignore, where: string, note: NoteSink): void {
  const manager = (ig as unknown as { _rules?: { _rules?: IgnoreRule[] } })._rules;
  const rules = manager?._rules;
  if (manager === undefined || rules === undefined) return;
  manager._rules = rules.filter((rule) => {
    if (rule.pattern.length > GITIGNORE_LINE_MAX) {
      note(`Note: ${where}: a line of ${rule.pattern.length} characters was skipped (longer than ${GITIGNORE_LINE_MAX}).`);
      return false;
    }
    let source = rule.regex.source;
    if (source.endsWith(TRAILING_LOOKAHEAD)) source = `${source.slice(0, -TRAILING_LOOKAHEAD.length)}(?:$|\\/$)`;
    const translated = translatePattern(source, 're2');
    const compiled = translated === undefined ? undefined : compileRe2(translated);
    if (compiled === undefined || !compiled.ok) {
      note(`Note: ${where}: the line ${JSON.stringify(rule.pattern.slice(0, 200))} was skipped (it has no linear-time form).`);
      return false;
    }
    const re = compiled.re;
    Object.defineProperty(rule, 'regex', { value: { test: (p: string) => re.test(p) } });
    return true;
  });
}

type TestOne = (p: string) => { ignored: boolean; unignored: boolean };

interface Level {
  /** Directory of this .gitignore, relative to the walk base, '' for the base itself. */
  dir: string;
  test: TestOne;
}

/**
 * One path against one file's rules, without re-checking its parent directories: the walker
 * never enters an ignored directory, so the parents are known not to be ignored. `ignore`'s
 * public `test` re-walks and caches every parent (about 5x slower on large trees); its rule set's
 * single-path test is used when present (the version is pinned), the public one otherwise.
 * Case-sensitive, as git and ripgrep are on Linux.
 */
function compile(text: string, where: string, note: NoteSink): TestOne {
  const ig: Ignore = ignore({ ignorecase: false }).add(text);
  makeLinear(ig, where, note);
  const rules = (ig as unknown as { _rules?: { test?: (p: string, checkUnignored: boolean, mode: string) => { ignored: boolean; unignored: boolean } } })._rules;
  if (rules !== undefined && typeof rules.test === 'function') {
    const fast = rules.test.bind(rules);
    return (p) => fast(p, true, 'regex');
  }
  return (p) => ig.test(p);
}

/**
 * The .gitignore files in force at one directory: one level per directory that has one, from
 * the outermost to the innermost. Deeper files win; a `!pattern` re-includes. A directory
 * holding `.git` starts a fresh stack (a nested repository has its own rules).
 */
export class IgnoreStack {
  private constructor(private readonly levels: readonly Level[]) {}

  static empty(): IgnoreStack {
    return new IgnoreStack([]);
  }

  /**
   * The stack for `dirRel` (relative to the base, '' for the base), given its entry names. The
   * .gitignore is read only when it is a regular file of at most GITIGNORE_MAX_BYTES (a FIFO is
   * never opened); notes about skipped files or lines go to `note`. Needs loadRe2() first.
   */
  enter(absDir: string, dirRel: string, names: ReadonlySet<string> | readonly string[], note: NoteSink = () => undefined): IgnoreStack {
    const has = (n: string): boolean => (names instanceof Set ? names.has(n) : (names as readonly string[]).includes(n));
    const base = has('.git') ? [] : this.levels;
    if (!has('.gitignore')) return base === this.levels ? this : new IgnoreStack(base);
    const where = dirRel === '' ? '.gitignore' : `${dirRel}/.gitignore`;
    const text = readRegularTextSync(path.join(absDir, '.gitignore'), GITIGNORE_MAX_BYTES);
    if (text === undefined) {
      note(`Note: ${where} was not used (not a regular file, unreadable, or larger than ${GITIGNORE_MAX_BYTES / 1024 / 1024} MiB).`);
      return base === this.levels ? this : new IgnoreStack(base);
    }
    return new IgnoreStack([...base, { dir: dirRel, test: compile(text, where, note) }]);
  }

  /** Whether `rel` (relative to the base, posix separators) is ignored. */
  ignores(rel: string, isDir: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      const sub = level.dir === '' ? rel : rel.slice(level.dir.length + 1);
      const r = level.test(isDir ? `${sub}/` : sub);
      if (r.ignored) ignored = true;
      else if (r.unignored) ignored = false;
    }
    return ignored;
  }

  /** True when at least one .gitignore is in force. */
  get active(): boolean {
    return this.levels.length > 0;
  }
}

/**
 * The stack in force at `startRel` (relative to base): .gitignore files of the base and every
 * directory down to, but not including, the start (the walk reads the start's own).
 */
export function ancestorStack(base: string, startRel: string, note?: NoteSink): IgnoreStack {
  let stack = IgnoreStack.empty();
  if (startRel === '') return stack;
  const parts = startRel.split('/');
  let rel = '';
  for (let i = 0; i < parts.length; i++) {
    const abs = rel === '' ? base : path.join(base, rel);
    let names: string[];
    try {
      names = fs.readdirSync(abs);
    } catch {
      return stack;
    }
    stack = stack.enter(abs, rel, names, note);
    rel = rel === '' ? (parts[i] ?? '') : `${rel}/${parts[i] ?? ''}`;
  }
  return stack;
}

/**
 * Whether a walk from directory `fromRel` would reach `fromRel/below` at all: no component of
 * `below` is ignored by the rules in force above it, a skipped name or a symlink.
 */
export function reachable(base: string, fromRel: string, below: string, skipped: ReadonlySet<string>): boolean {
  if (below === '') return true;
  let cur = fromRel;
  for (const part of below.split('/')) {
    cur = cur === '' ? part : `${cur}/${part}`;
    if (skipped.has(part)) return false;
    try {
      if (!fs.lstatSync(path.join(base, cur)).isDirectory()) return false;
    } catch {
      return false;
    }
    if (ancestorStack(base, cur).ignores(cur, true)) return false;
  }
  return true;
}
