/**
 * "Did you mean" for a mistyped flag (`--modle` -> `--model`), as the slash router does for
 * commands. Kept apart from the tools' edit distance so the light args entry (`--help`, usage
 * errors before anything loads) imports nothing more.
 */

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`. */
export function typoDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The flag name (without dashes) closest to `typed` (`--modle=x`, `-verbos`), when it is near
 * enough to be a typo: at most a third of its length in edits (at least 1, at most 3), or the
 * typed word is a prefix of exactly one name. Undefined otherwise: a flag of another tool
 * (`--dangerously-skip-permissions`) gets no guess.
 */
export function closestFlag(typed: string, names: readonly string[]): string | undefined {
  const word = typed
    .replace(/^-+/, '')
    .replace(/=.*$/s, '')
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  if (word.length < 2) return undefined;
  const prefixed = names.filter((n) => n.startsWith(word));
  if (prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestD = Infinity;
  for (const name of names) {
    const d = typoDistance(word, name);
    if (d < bestD) {
      best = name;
      bestD = d;
    }
  }
  const allowed = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  return bestD <= allowed ? best : undefined;
}
