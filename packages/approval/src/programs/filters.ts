/**
 * Harmless filters: programs that, placed after a pipe, only reshape what the command before them
 * prints (`npm test 2>&1 | tail -40`). A rule for a command also covers it followed by such
 * filters, so a model's habit of trimming output does not turn every command into a question.
 *
 * "Harmless" is decided on the words, with an allow list per program and nothing else: an option
 * that is not listed (an abbreviation of a listed long option included, since getopt_long would
 * resolve it against the program's whole table, not this one) makes the stage an ordinary command
 * that needs its own rule. Left out on purpose: options that run a program (`rg --pre`, `rg -z`,
 * `sort --compress-program`), write a file (`sort -o`, `uniq IN OUT`), read a file by name
 * (`grep -f`, `grep -r` searches the directory, `wc --files0-from`, `sort --random-source`, any
 * file operand), or never end (`tail -f`: GNU tail ignores it on a pipe, but a filter that might
 * wait forever is not worth the exception).
 */
import { readOptions } from './getopt.js';
import type { OptionGrammar } from './getopt.js';

interface FilterSpec {
  grammar: OptionGrammar;
  /**
   * How many operands the filter may take: none (it reads standard input), or the pattern of a
   * grep-like filter (one operand, none when the pattern came as `-e`).
   */
  operands: 'none' | 'pattern';
  /** `-NUMBER` is an option (`tail -12`, `grep -3`). */
  numeric?: boolean;
}

const COUNTS = { short: 'n:c:qvz', long: 'lines= bytes= quiet silent verbose zero-terminated' };

/** The table: program name to the options it may use as a filter. */
const FILTERS: Readonly<Record<string, FilterSpec>> = {
  head: { grammar: { ...COUNTS, permute: true }, operands: 'none', numeric: true },
  tail: { grammar: { ...COUNTS, permute: true }, operands: 'none', numeric: true },
  grep: {
    grammar: {
      short: 'EFGPivwxcnoqsHhbaTzZUlLe:m:A:B:C:',
      long:
        'extended-regexp fixed-strings basic-regexp perl-regexp ignore-case no-ignore-case invert-match word-regexp ' +
        'line-regexp count line-number only-matching quiet silent no-messages with-filename no-filename byte-offset ' +
        'text initial-tab null null-data binary files-with-matches files-without-match line-buffered ' +
        'regexp= max-count= after-context= before-context= context= color=? colour=? label=',
      permute: true,
    },
    operands: 'pattern',
    numeric: true,
  },
  rg: {
    grammar: {
      short: 'iSsvwxcnNoqFHIUPe:m:A:B:C:r:',
      long:
        'ignore-case smart-case case-sensitive invert-match word-regexp line-regexp count count-matches line-number ' +
        'no-line-number only-matching quiet fixed-strings with-filename no-filename multiline multiline-dotall ' +
        'pcre2 no-heading heading trim json vimgrep column no-column passthru text null-data ' +
        'regexp= max-count= after-context= before-context= context= replace= color= colors= max-columns=',
      permute: true,
    },
    operands: 'pattern',
    numeric: false,
  },
  wc: { grammar: { short: 'lwcmL', long: 'lines words bytes chars max-line-length', permute: true }, operands: 'none' },
  sort: {
    grammar: {
      short: 'bdfgiMhnRrVsuzck:t:S:',
      long:
        'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort ' +
        'human-numeric-sort numeric-sort random-sort reverse version-sort stable unique zero-terminated check ' +
        'key= field-separator= buffer-size= parallel=',
      permute: true,
    },
    operands: 'none',
  },
  uniq: {
    grammar: {
      short: 'cdDuizf:s:w:',
      long: 'count repeated unique ignore-case zero-terminated all-repeated=? group=? skip-fields= skip-chars= check-chars=',
      permute: true,
    },
    operands: 'none',
  },
  cat: {
    grammar: {
      short: 'AbeEnstTuv',
      long: 'show-all number-nonblank number squeeze-blank show-ends show-tabs show-nonprinting',
      permute: true,
    },
    operands: 'none',
  },
};

/** The filters' names, for the question and `/allowed` to say what a command rule also covers. */
export const FILTER_NAMES: readonly string[] = Object.keys(FILTERS);

/**
 * Whether this simple command (literal words, run with a pipe as its standard input) is a
 * harmless filter. The program is named exactly (`head`, never `/tmp/x/head`).
 */
export function harmlessFilter(words: readonly string[]): boolean {
  const [name, ...args] = words;
  if (name === undefined || !Object.hasOwn(FILTERS, name)) return false;
  const spec = FILTERS[name] as FilterSpec;
  const reading = readOptions(words, 1, { ...spec.grammar, numeric: spec.numeric === true });
  if (reading.unclear !== undefined || !args.every((word) => exactLongOption(word, spec.grammar))) return false;
  // After `--` every word is an operand, even one that looks like an option.
  const operands = reading.operands.length;
  if (spec.operands === 'none') return operands === 0;
  const patternGiven = reading.options.some((o) => o.name === '-e' || o.name === '--regexp');
  return operands === (patternGiven ? 0 : 1);
}

/** A `--long` word names a listed option in full (no abbreviation); other words pass. */
function exactLongOption(word: string, grammar: OptionGrammar): boolean {
  if (!word.startsWith('--') || word === '--') return true;
  const name = word.slice(2).split('=')[0] as string;
  return grammar.long.split(/\s+/).some((spec) => spec.replace(/=\??$/, '') === name);
}
