import picomatch from 'picomatch';
import { translatePattern } from './grep-regex.js';
import { compileRe2 } from './re2.js';

/**
 * picomatch's guards that only matter for path segments the walker never produces: `.` and
 * `..` segments and empty segments (walked paths are relative, normalised, without a trailing
 * `/`). Dropping them leaves a pattern RE2 can run.
 */
const WALKER_ONLY_GUARDS = ['(?!(?:^|\\/)\\.{1,2}(?:\\/|$))', '(?!\\.{1,2}(?:\\/|$))', '(?=.)'];

/** Above this many `*` a glob that RE2 cannot run is refused (JavaScript backtracking grows with each). */
export const GLOB_MAX_BACKTRACKING_STARS = 2;

/**
 * Compiles a glob (picomatch syntax, dot files included) into a path test that runs in linear
 * time: picomatch's regular expression, without the guards above, translated to RE2. A glob RE2
 * cannot run (extglob negation `!(…)` uses lookahead) is matched by picomatch itself only when it
 * has at most GLOB_MAX_BACKTRACKING_STARS stars; otherwise it is refused with a message. Needs
 * loadRe2() first. Meant for paths from the walker (relative, no `.` or `..` segments).
 */
export function compileGlob(glob: string): { ok: true; test: (rel: string) => boolean } | { ok: false; error: string } {
  let source: string;
  try {
    source = picomatch.makeRe(glob, { dot: true }).source;
  } catch (err) {
    return { ok: false, error: `Invalid glob ${JSON.stringify(glob)}: ${(err as Error).message}` };
  }
  let stripped = source;
  for (const guard of WALKER_ONLY_GUARDS) stripped = stripped.split(guard).join('');
  const translated = translatePattern(stripped, 're2');
  const compiled = translated === undefined ? undefined : compileRe2(translated);
  if (compiled !== undefined && compiled.ok) {
    const re = compiled.re;
    return { ok: true, test: (rel) => re.test(rel) };
  }
  const stars = glob.split('*').length - 1;
  if (stars <= GLOB_MAX_BACKTRACKING_STARS) {
    const isMatch = picomatch(glob, { dot: true });
    return { ok: true, test: (rel) => isMatch(rel) };
  }
  return {
    ok: false,
    error: `Glob ${JSON.stringify(glob)} combines a construct without a linear-time form (such as !(…)) with more than ${GLOB_MAX_BACKTRACKING_STARS} stars; simplify it or split it into several calls.`,
  };
}
