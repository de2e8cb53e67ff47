/** Why a prefix rule must not cover a command: the word (by index) that makes it run other code. */
export interface Danger {
  /** Index of the offending word; a rule whose prefix has more words than this names it explicitly. */
  index: number;
  reason: string;
}

/** A program's danger check over the command's literal words (`words[0]` is the program). */
export type DangerCheck = (words: readonly string[]) => Danger | undefined;

/**
 * Whether `word` is one of these options: `--name`, `--name=value`, a long-option abbreviation
 * (git's parse-options and npm's nopt accept any unambiguous prefix, e.g. `--upload-pa=x`),
 * `-x`, `-xVALUE`, or a short-option cluster holding `x` (`-ux`).
 */
export function isOption(word: string, options: readonly string[]): boolean {
  if (word.startsWith('--')) {
    const name = word.split('=')[0] as string;
    return name.length > 3 && options.some((option) => option.startsWith('--') && option.startsWith(name));
  }
  if (!word.startsWith('-') || word.length < 2) return false;
  return options.some(
    (option) => option.length === 2 && !option.startsWith('--') && word.slice(1).includes(option[1] as string),
  );
}

/** The first word from `from` on that is one of `options`, as a danger; stops at `--`. */
export function firstOption(
  words: readonly string[],
  from: number,
  options: readonly string[],
  reason: string,
): Danger | undefined {
  for (let i = from; i < words.length; i += 1) {
    const word = words[i] as string;
    if (word === '--') return undefined;
    if (isOption(word, options)) return { index: i, reason: `${word}: ${reason}` };
  }
  return undefined;
}
