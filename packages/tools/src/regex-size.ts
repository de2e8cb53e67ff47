/**
 * How many pattern positions a regular expression unrolls to once its counted repetitions are
 * expanded: `[a-z]{1000}` is 1,000, `(ab{3}){10}` is 40. re2js matches in time linear in the
 * input, but the factor is this size (every position may be a live state at every character):
 * measured here, `[a-z]{256}` costs ~1.6 s per MiB and `.{1000}` ~2.7 s, so grep refuses patterns
 * above `MAX_PATTERN_SIZE` rather than take minutes on a large tree.
 */

/** The largest expanded pattern grep runs: room for `[0-9a-f]{40}`, `.{120,}`, `[A-Za-z0-9+/]{200,}`. */
export const MAX_PATTERN_SIZE = 256;

/** The expanded size of a JavaScript (or RE2) pattern; counts are taken at their upper bound (or lower, when open). */
export function patternSize(source: string): number {
  let i = 0;
  const atomEnd = (): void => {
    const ch = source[i];
    if (ch === '\\') {
      const letter = source[i + 1] ?? '';
      i += 2;
      // \x{…}, \u{…}, \p{…}: the braces belong to the escape.
      if (letter !== '' && 'xupP'.includes(letter) && source[i] === '{')
        i = source.indexOf('}', i) + 1 || source.length;
      return;
    }
    if (ch === '[') {
      i += 1;
      if (source[i] === '^') i += 1;
      if (source[i] === ']') i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      return;
    }
    i += 1;
  };
  // Sizes of the alternatives of each open group; the last entry is the current sequence.
  const stack: { branches: number[]; current: number; last: number }[] = [{ branches: [], current: 0, last: 0 }];
  const top = (): { branches: number[]; current: number; last: number } =>
    stack[stack.length - 1] as { branches: number[]; current: number; last: number };
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === '(') {
      i += 1;
      if (source[i] === '?') {
        // (?:, (?=, (?!, (?<name>, (?<=, (?i)…: skip to the group's body.
        const m = /^\?(?:<(?![=!])[^>]*>|P<[^>]*>|[a-zA-Z]*:|[=!]|<[=!]|[a-zA-Z-]*\))/.exec(source.slice(i));
        i += m ? m[0].length : 1;
      }
      stack.push({ branches: [], current: 0, last: 0 });
      continue;
    }
    if (ch === ')' && stack.length > 1) {
      i += 1;
      const group = stack.pop() as { branches: number[]; current: number; last: number };
      const size = [...group.branches, group.current].reduce((a, b) => a + b, 0);
      top().current += size;
      top().last = size;
      continue;
    }
    if (ch === '|') {
      i += 1;
      top().branches.push(top().current);
      top().current = 0;
      top().last = 0;
      continue;
    }
    const counted = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
    if (counted) {
      i += counted[0].length;
      const low = Number(counted[1]);
      const high = counted[3] === undefined || counted[3] === '' ? low : Number(counted[3]);
      const times = Math.max(low, high, 1);
      top().current += top().last * (times - 1);
      top().last *= times;
      continue;
    }
    if (ch === '*' || ch === '+' || ch === '?') {
      i += 1;
      continue;
    }
    atomEnd();
    top().current += 1;
    top().last = 1;
  }
  while (stack.length > 1) {
    const group = stack.pop() as { branches: number[]; current: number; last: number };
    top().current += [...group.branches, group.current].reduce((a, b) => a + b, 0);
  }
  return [...top().branches, top().current].reduce((a, b) => a + b, 0);
}
