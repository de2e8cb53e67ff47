/**
 * Reading a program's options with its own grammar, as getopt_long reads them: short options in
 * clusters (`-iu root` is `-i -u root`), a value attached (`-uroot`) or in the next word, long
 * options with `=value` or the next word, unambiguous abbreviations of long options
 * (`--split=...` is `--split-string=...`), `--` ending the options. A grammar is data: the short
 * option string in getopt's own notation and the long options by name. An option the grammar does
 * not know makes the reading unclear: its value (if it takes one) could be the word a deny rule
 * looks for, so a caller treats an unclear reading as "a command may be hidden" (ask).
 */

/** What a long option takes: nothing, a value (attached with `=` or the next word), or an optional value (attached only). */
export type LongKind = 'flag' | 'value' | 'optional';

/** One program's option grammar. */
export interface OptionGrammar {
  /** getopt's notation: `a` a flag, `u:` takes a value, `t::` takes an optional value (attached only). */
  short: string;
  /** Long options without dashes: `user=` takes a value, `preserve-env=?` an optional one, a bare name is a flag. */
  long: string;
  /**
   * GNU permutation: options may come after operands (`script out.log -c cmd`). Without it the
   * options end at the first operand (getopt's `+`), as in env, sudo, timeout and su.
   */
  permute?: boolean;
  /** `-NUMBER` is an option (nice's old `-10`). */
  numeric?: boolean;
  /** Words with a leading `+` are options too, with the same letters (`bash +o posix`). */
  plus?: boolean;
}

/** One option as read: its canonical name (`-u`, `--user`) and value, if it took one. */
export interface ReadOption {
  name: string;
  value?: string | undefined;
}

/** What reading the options gave: the options, the operands in order, and why the reading is unclear (if it is). */
export interface OptionReading {
  options: ReadOption[];
  /** Operands in order; with `permute`, those around options too. `undefined` marks a word that is not literal. */
  operands: Array<string | undefined>;
  unclear?: string;
}

interface Compiled {
  short: Map<string, 'flag' | 'value' | 'optional'>;
  long: Map<string, LongKind>;
}

const compiled = new WeakMap<OptionGrammar, Compiled>();

function compile(grammar: OptionGrammar): Compiled {
  const known = compiled.get(grammar);
  if (known) return known;
  const short = new Map<string, 'flag' | 'value' | 'optional'>();
  for (const m of grammar.short.matchAll(/([^:])(::?)?/g))
    short.set(m[1] as string, m[2] === '::' ? 'optional' : m[2] === ':' ? 'value' : 'flag');
  const long = new Map<string, LongKind>();
  for (const spec of grammar.long.split(/\s+/).filter((s) => s !== '')) {
    if (spec.endsWith('=?')) long.set(spec.slice(0, -2), 'optional');
    else if (spec.endsWith('=')) long.set(spec.slice(0, -1), 'value');
    else long.set(spec, 'flag');
  }
  const out = { short, long };
  compiled.set(grammar, out);
  return out;
}

/** The long option `name` abbreviates (getopt_long's rule: an exact name, else the only one it starts). */
function resolveLong(name: string, long: Map<string, LongKind>): string | undefined {
  if (long.has(name)) return name;
  const matches = [...long.keys()].filter((known) => known.startsWith(name));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Reads the options of `words` from index `from` (`words[0]` is the program). Stops at `--`, at
 * the first operand (unless the grammar permutes), or at the first word that is not literal
 * (`undefined`), which makes the reading unclear when it could be an option.
 */
export function readOptions(
  words: readonly (string | undefined)[],
  from: number,
  grammar: OptionGrammar,
): OptionReading & { end: number } {
  const { short, long } = compile(grammar);
  const options: ReadOption[] = [];
  const operands: Array<string | undefined> = [];
  let unclear: string | undefined;
  let i = from;
  for (; i < words.length; i += 1) {
    const word = words[i];
    if (word === undefined) {
      if (grammar.permute) unclear ??= 'a computed word among its options';
      if (!grammar.permute) break;
      operands.push(undefined);
      continue;
    }
    if (word === '--') {
      i += 1;
      break;
    }
    const isOption = (word.startsWith('-') || (grammar.plus === true && word.startsWith('+'))) && word.length > 1;
    if (!isOption) {
      if (!grammar.permute) break;
      operands.push(word);
      continue;
    }
    if (grammar.numeric && /^-\d+$/.test(word)) {
      options.push({ name: word });
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = word.slice(2, eq === -1 ? undefined : eq);
      const name = resolveLong(given, long);
      if (name === undefined) {
        unclear ??= `the option --${given} is not one it is known to take`;
        continue;
      }
      const kind = long.get(name) as LongKind;
      if (eq !== -1) options.push({ name: `--${name}`, value: word.slice(eq + 1) });
      else if (kind === 'value') {
        options.push({ name: `--${name}`, value: words[i + 1] });
        if (i + 1 < words.length && words[i + 1] === undefined) unclear ??= `the value of --${name} is computed`;
        i += 1;
      } else options.push({ name: `--${name}` });
      continue;
    }
    const sign = word[0] as string;
    for (let j = 1; j < word.length; j += 1) {
      const letter = word[j] as string;
      const kind = short.get(letter);
      if (kind === undefined) {
        unclear ??= `the option ${sign}${letter} is not one it is known to take`;
        break;
      }
      if (kind === 'flag') {
        options.push({ name: `${sign}${letter}` });
        continue;
      }
      const attached = word.slice(j + 1);
      if (attached !== '') options.push({ name: `${sign}${letter}`, value: attached });
      else if (kind === 'optional') options.push({ name: `${sign}${letter}` });
      else {
        options.push({ name: `${sign}${letter}`, value: words[i + 1] });
        if (i + 1 < words.length && words[i + 1] === undefined) unclear ??= `the value of ${sign}${letter} is computed`;
        i += 1;
      }
      break;
    }
  }
  operands.push(...words.slice(i));
  return unclear === undefined ? { options, operands, end: i } : { options, operands, end: i, unclear };
}
