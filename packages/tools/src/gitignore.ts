import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

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
function compile(text: string): TestOne {
  const ig: Ignore = ignore({ ignorecase: false }).add(text);
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

  /** The stack for `dirRel` (relative to the base, '' for the base), given its entry names. */
  enter(absDir: string, dirRel: string, names: ReadonlySet<string> | readonly string[]): IgnoreStack {
    const has = (n: string): boolean => (names instanceof Set ? names.has(n) : (names as readonly string[]).includes(n));
    const base = has('.git') ? [] : this.levels;
    if (!has('.gitignore')) return base === this.levels ? this : new IgnoreStack(base);
    let text: string;
    try {
      text = fs.readFileSync(path.join(absDir, '.gitignore'), 'utf8');
    } catch {
      return base === this.levels ? this : new IgnoreStack(base);
    }
    return new IgnoreStack([...base, { dir: dirRel, test: compile(text) }]);
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
export function ancestorStack(base: string, startRel: string): IgnoreStack {
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
    stack = stack.enter(abs, rel, names);
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
