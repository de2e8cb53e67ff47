/**
 * Claude Code's matchers: empty or `*` matches everything; a plain name or names joined by `|`
 * (`Edit|Write`) match exactly; anything else is a regular expression tested against the name
 * (`mcp__memory__.*`, `Notebook.*`). A tool is matched by its own name and by Claude Code's names
 * for it (the tool's `ruleNames`), so `Bash` matches this harness's `bash`. Case-sensitive.
 */

const PLAIN = /^[A-Za-z0-9_|-]+$/;

/** Undefined when `matcher` can be used, else why not (a regular expression that does not compile). */
export function checkMatcher(matcher: string): string | undefined {
  if (matcher === '' || matcher === '*' || PLAIN.test(matcher)) return undefined;
  try {
    new RegExp(matcher);
    return undefined;
  } catch (err) {
    return `not a valid regular expression (${err instanceof Error ? err.message : String(err)})`;
  }
}

/** True when `matcher` matches any of `names`. */
export function matches(matcher: string, names: readonly string[]): boolean {
  if (matcher === '' || matcher === '*') return true;
  if (PLAIN.test(matcher)) {
    const alternatives = matcher.split('|');
    return names.some((n) => alternatives.includes(n));
  }
  const re = new RegExp(matcher);
  return names.some((n) => re.test(n));
}
