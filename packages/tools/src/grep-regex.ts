import { compileRe2 } from './re2.js';
import { MAX_PATTERN_SIZE, patternSize } from './regex-size.js';

/** Tests one line (without its `\n`; a CR is kept). */
export interface LineTest {
  test(line: string): boolean;
}

/** A whole-text search: the index of the next match at or after `from`, -1 when there is none. */
export type WholeFinder = (from: number) => number;

/** A compiled grep query, shared by both engines. */
export interface GrepPattern {
  source: string;
  ignoreCase: boolean;
  /** The pattern translated to RE2 syntax (what actually runs), for messages and tests. */
  re2Source: string;
  /** Tests one line, in time linear in its length (RE2; a plain `includes` for literals). */
  line: LineTest;
  /**
   * A multiline whole-text search that matches at the start of every line match, and possibly
   * elsewhere (a superset): `whole(text)` gives a finder over that text.
   */
  whole: ((text: string) => WholeFinder) | undefined;
  /** The pattern is a plain string (no metacharacters): engines may search it as a literal. */
  literal: string | undefined;
  /** A string every matching line contains (case-sensitive patterns only): a byte prefilter. */
  required: string | undefined;
}

/**
 * The literal run a pattern starts with (after `^`), when the pattern has no `|`: every match
 * contains it. A run followed by `?`, `*` or `{` loses its last character (it may be absent).
 */
export function requiredLiteral(source: string): string | undefined {
  if (source.includes('|')) return undefined;
  let i = source.startsWith('^') ? 1 : 0;
  let run = '';
  while (i < source.length) {
    const ch = source[i] ?? '';
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (!/[\\^$.*+?()[\]{}|/-]/.test(next) || next === '') break;
      run += next;
      i += 2;
      continue;
    }
    if (META.test(ch)) {
      if (ch === '?' || ch === '*' || ch === '{') run = run.slice(0, -1);
      break;
    }
    run += ch;
    i += 1;
  }
  return run.length >= 2 ? run : undefined;
}

const META = /[\\^$.*+?()[\]{}|]/;

/**
 * Compiles a JavaScript regular expression for line-by-line search. The syntax is checked with
 * JavaScript's RegExp (its message for a typo), then the pattern is translated to RE2 syntax with
 * JavaScript's meanings (`.`, `\s`, `\w`, `\d`, `\b`) and run by re2js, whose matching time is
 * linear in the input: no pattern can make a search hang (`(a+)+$` on a long line included).
 * Lookaround and backreferences have no linear-time form and are refused with a message saying
 * so. The caller must have awaited loadRe2(). Errors name the pattern.
 */
export function compilePattern(
  source: string,
  ignoreCase: boolean,
): { ok: true; pattern: GrepPattern } | { ok: false; error: string } {
  try {
    new RegExp(source, ignoreCase ? 'i' : '');
  } catch (err) {
    return {
      ok: false,
      error: `Invalid regular expression ${JSON.stringify(source)}: ${(err as Error).message}. grep uses JavaScript RegExp syntax.`,
    };
  }
  const re2Source = translatePattern(source, 're2');
  const unsupported = (why: string): { ok: false; error: string } => ({
    ok: false,
    error:
      `grep cannot run ${JSON.stringify(source)}: ${why}. grep matches in linear time (RE2 semantics with JavaScript's meaning of . \\s \\w \\d \\b), ` +
      'which rules out lookaround ((?=, (?!, (?<=, (?<!) and backreferences (\\1, \\k<name>). Rewrite the pattern without them, or search twice with simpler patterns.',
  });
  if (re2Source === undefined) return unsupported('it uses a construct without a linear-time equivalent');
  const size = patternSize(source);
  if (size > MAX_PATTERN_SIZE)
    return {
      ok: false,
      error: `grep cannot run ${JSON.stringify(source)}: its counted repetitions unroll to ${size} positions (more than ${MAX_PATTERN_SIZE}), which would make every line cost that many steps. Use a smaller count, an open repetition (+, *), or search for a shorter pattern first.`,
    };
  const line = compileRe2(re2Source, { ignoreCase });
  if (!line.ok) return unsupported(line.error);
  const multi = compileRe2(re2Source, { ignoreCase, multiline: true });
  const literal = META.test(source) ? undefined : source;
  const lineTest: LineTest = literal !== undefined && !ignoreCase ? { test: (l) => l.includes(literal) } : line.re;
  const whole = multi.ok
    ? (text: string): WholeFinder => {
        const m = multi.re.matcher(text);
        return (from) => (m.find(from) ? m.start() : -1);
      }
    : undefined;
  return {
    ok: true,
    pattern: {
      source,
      ignoreCase,
      re2Source,
      line: lineTest,
      whole,
      literal,
      required: ignoreCase ? undefined : META.test(source) ? requiredLiteral(source) : source,
    },
  };
}

const JS_SPACE = String.raw`\t\n\x0B\f\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
const CLASS_ESCAPES: Record<string, string> = { w: '0-9A-Za-z_', d: '0-9', s: JS_SPACE };
const SIMPLE_ESCAPES = new Set(['n', 't', 'r', 'f', 'v']);
const RUST_META = new Set([...'\\.+*?()|[]{}^$#&-~']);

function escapeOutside(ch: string): string {
  return RUST_META.has(ch) ? `\\${ch}` : ch;
}

/**
 * Translates a JavaScript pattern into Rust regex syntax (ripgrep) so that rg matches at least
 * every line JavaScript would (`\w \d \s \b` get their ASCII/JS meanings); the caller re-checks
 * each listed file with the RE2 translation. Undefined when the pattern uses something without a
 * safe equivalent (lookaround, backreferences, `\p`, `\c`).
 */
export function toRustRegex(source: string): string | undefined {
  return translatePattern(source, 'rust');
}

/** JavaScript's `.`: anything but the four line terminators. */
const JS_DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;

/**
 * Translates a JavaScript pattern into Rust regex (`rust`: a superset for rg's candidate list)
 * or RE2 (`re2`: exact JavaScript meanings for `.`, `\s`, `\w`, `\d`, `\b`) syntax; undefined
 * when a construct has no equivalent.
 */
export function translatePattern(source: string, dialect: 'rust' | 're2'): string | undefined {
  let out = '';
  let i = 0;
  let inClass = false;
  while (i < source.length) {
    const ch = source[i] ?? '';
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === undefined) return undefined;
      i += 2;
      const lower = next.toLowerCase();
      if (lower in CLASS_ESCAPES && 'wdsWDS'.includes(next)) {
        const body = CLASS_ESCAPES[lower] ?? '';
        const negated = next !== lower;
        if (inClass) out += negated ? `[^${body}]` : body;
        else out += negated ? `[^${body}]` : `[${body}]`;
        continue;
      }
      if (next === 'b' || next === 'B') {
        if (inClass) return undefined;
        if (dialect === 're2') out += `\\${next}`;
        else out += next === 'b' ? '(?-u:\\b)' : '(?-u:\\B)';
        continue;
      }
      const hex =
        next === 'u'
          ? /^[0-9A-Fa-f]{4}/.exec(source.slice(i))
          : next === 'x'
            ? /^[0-9A-Fa-f]{2}/.exec(source.slice(i))
            : null;
      if (hex !== null) {
        out += `\\x{${hex[0]}}`;
        i += hex[0].length;
        continue;
      }
      if (next === '0' && !/[0-9]/.test(source[i] ?? '')) {
        out += '\\x{0}';
        continue;
      }
      if (SIMPLE_ESCAPES.has(next)) {
        out += `\\${next}`;
        continue;
      }
      if (/[A-Za-z0-9]/.test(next)) return undefined;
      out += RUST_META.has(next) ? `\\${next}` : next;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      out += ch === '[' || ch === '&' || ch === '~' ? `\\${ch}` : ch;
      i += 1;
      continue;
    }
    if (ch === '[') {
      inClass = true;
      out += '[';
      i += 1;
      if (source[i] === '^') {
        out += '^';
        i += 1;
      }
      if (source[i] === ']') return undefined;
      continue;
    }
    if (ch === '(' && source[i + 1] === '?') {
      if (source[i + 2] === ':') {
        out += '(?:';
        i += 3;
        continue;
      }
      const named = /^\(\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(source.slice(i));
      if (named) {
        out += `(?P<${named[1] ?? ''}>`;
        i += named[0].length;
        continue;
      }
      return undefined;
    }
    if (ch === '#' || ch === '&' || ch === '~') out += escapeOutside(ch);
    else if (ch === '.' && dialect === 're2') out += JS_DOT;
    else out += ch;
    i += 1;
  }
  return inClass ? undefined : out;
}
