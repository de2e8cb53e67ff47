import type { RE2JS as RE2JSClass } from 're2js';

type RE2Module = { RE2JS: typeof RE2JSClass };

let loaded: RE2Module | undefined;
let loading: Promise<RE2Module> | undefined;

/**
 * Loads re2js (a pure-JavaScript port of RE2: linear-time matching, no backtracking) on first
 * use: about 260 KB of code that a session which never searches does not pay for. Every search
 * entry point (grep, glob, walkFiles) awaits this before it compiles a pattern or a .gitignore.
 */
export async function loadRe2(): Promise<RE2Module> {
  if (loaded !== undefined) return loaded;
  loading ??= import('re2js').then((mod) => (loaded = mod as RE2Module));
  return loading;
}

/** The loaded re2js; calling it before loadRe2() resolved is a programmer error. */
export function re2(): typeof RE2JSClass {
  if (loaded === undefined) throw new Error('re2js is not loaded yet: await loadRe2() first');
  return loaded.RE2JS;
}

/** A compiled RE2 pattern, or the parser's message (names what RE2 does not support). */
export function compileRe2(
  source: string,
  opts: { ignoreCase?: boolean; multiline?: boolean } = {},
): { ok: true; re: RE2JSClass } | { ok: false; error: string } {
  const R = re2();
  const flags = (opts.ignoreCase === true ? R.CASE_INSENSITIVE : 0) | (opts.multiline === true ? R.MULTILINE : 0);
  try {
    return { ok: true, re: R.compile(source, flags) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
