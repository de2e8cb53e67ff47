/** A compiled grep query, shared by both engines. */
export interface GrepPattern {
  source: string;
  ignoreCase: boolean;
  /** Tests one line (without its `\n`; a CR is kept). */
  line: RegExp;
  /**
   * Global multiline whole-text RegExp that matches at the start of every line match, and
   * possibly elsewhere (a superset), if safe (no lookaround). Stateful: set `lastIndex` first.
   */
  whole: RegExp | undefined;
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

/** Compiles a JavaScript regular expression for line-by-line search; an error names the pattern. */
export function compilePattern(source: string, ignoreCase: boolean): { ok: true; pattern: GrepPattern } | { ok: false; error: string } {
  let line: RegExp;
  try {
    line = new RegExp(source, ignoreCase ? 'i' : '');
  } catch (err) {
    return { ok: false, error: `Invalid regular expression ${JSON.stringify(source)}: ${(err as Error).message}. grep uses JavaScript RegExp syntax.` };
  }
  const lookaround = /\(\?<?[=!]/.test(source);
  return {
    ok: true,
    pattern: {
      source,
      ignoreCase,
      line,
      whole: lookaround ? undefined : new RegExp(source, ignoreCase ? 'gim' : 'gm'),
      literal: META.test(source) ? undefined : source,
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
 * each reported line with JavaScript. Undefined when the pattern uses something without a safe
 * equivalent (lookaround, backreferences, `\p`, `\u`, `\x`, `\c`): use the built-in engine then.
 */
export function toRustRegex(source: string): string | undefined {
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
        out += next === 'b' ? '(?-u:\\b)' : '(?-u:\\B)';
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
    else out += ch;
    i += 1;
  }
  return inClass ? undefined : out;
}
