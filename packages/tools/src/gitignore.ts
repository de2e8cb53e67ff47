import fs from 'node:fs';
import path from 'node:path';
import { compileRules, type NoteSink, type TestOne } from './ignore-rules.js';
import { readRegularTextSync } from './safe-open.js';

/** A .gitignore larger than this is not read (a note says so); real ones are a few KiB. */
export const GITIGNORE_MAX_BYTES = 1024 * 1024;
/** Where notes about skipped .gitignore files and lines go (shown to the model after results). */
export type { NoteSink };
export { GITIGNORE_LINE_MAX } from './ignore-rules.js';

interface Level {
  /** Directory of this .gitignore, relative to the walk base, '' for the base itself. */
  dir: string;
  test: TestOne;
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
  enter(
    absDir: string,
    dirRel: string,
    names: ReadonlySet<string> | readonly string[],
    note: NoteSink = () => undefined,
  ): IgnoreStack {
    const has = (n: string): boolean =>
      names instanceof Set ? names.has(n) : (names as readonly string[]).includes(n);
    const base = has('.git') ? [] : this.levels;
    if (!has('.gitignore')) return base === this.levels ? this : new IgnoreStack(base);
    const where = dirRel === '' ? '.gitignore' : `${dirRel}/.gitignore`;
    const text = readRegularTextSync(path.join(absDir, '.gitignore'), GITIGNORE_MAX_BYTES);
    if (text === undefined) {
      note(
        `Note: ${where} was not used (not a regular file, unreadable, or larger than ${GITIGNORE_MAX_BYTES / 1024 / 1024} MiB).`,
      );
      return base === this.levels ? this : new IgnoreStack(base);
    }
    return new IgnoreStack([...base, { dir: dirRel, test: compileRules(text, where, note) }]);
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
