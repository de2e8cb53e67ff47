/**
 * How bash commands meet rules, on the parsed command (see shell/): allowing is strict, denying
 * looks everywhere. An allow rule covers a command line only when it parses, every simple
 * command in it is covered by some rule, every word is literal, and no covered command uses a
 * program's code-running option the rule does not name; a harmless filter after a pipe
 * (`| tail -12`, programs/filters.ts) needs no rule of its own. A deny rule matches a command anywhere
 * in the tree; where a command is hidden from view (a computed name, `sh script`), a deny rule
 * makes the call "ask".
 */
import { splitForAllow } from './shell/allow-walk.js';
import type { SimpleCommand } from './shell/allow-walk.js';
import { commandName, denyView } from './shell/deny-walk.js';
import { deniedAsText, normalizeCommand } from './shell/text-deny.js';
import { programDanger } from './programs/index.js';
import { readOnlyCommand } from './programs/read-only.js';

export { normalizeCommand };

/** What a bash rule says, for matching. */
export type BashPattern = { form: 'exact'; command: string } | { form: 'prefix'; prefix: string };

const wordCache = new Map<string, string[]>();

/** A rule's command as words: parsed like a command when it is one plain command, else split on spaces. */
export function ruleWords(pattern: BashPattern): string[] {
  const source = pattern.form === 'exact' ? pattern.command : pattern.prefix;
  let words = wordCache.get(source);
  if (!words) {
    const split = /[$`\\'"]/.test(source) ? splitForAllow(source) : undefined;
    const only =
      split?.ok && split.commands.length === 1 && !split.commands[0]?.assigns ? split.commands[0] : undefined;
    words = only ? only.words : source.split(' ').filter((w) => w !== '');
    wordCache.set(source, words);
  }
  return words;
}

/** Whether one simple command (all words literal) is covered by one pattern. */
export function covers(pattern: BashPattern, command: SimpleCommand): boolean {
  if (command.assigns) return false;
  const words = ruleWords(pattern);
  if (pattern.form === 'exact')
    return command.words.length === words.length && words.every((w, i) => command.words[i] === w);
  if (command.words.length < words.length || !words.every((w, i) => command.words[i] === w)) return false;
  const danger = programDanger(command.words);
  return danger === undefined || danger.index < words.length;
}

/**
 * The patterns that together allow `command`, one per simple command, or undefined when some
 * simple command is not covered or the command cannot be judged (it does not parse, or has a
 * word that is not literal). An exact pattern equal to the whole command allows it as written.
 */
export function allowingPatterns<P extends BashPattern>(command: string, patterns: readonly P[]): P[] | undefined {
  const split = splitForAllow(command);
  const whole = normalizeCommand(command);
  const exact = patterns.find((pattern) => pattern.form === 'exact' && pattern.command === whole);
  if (exact && (split.ok || !/does not parse/.test(split.reason))) return [exact];
  if (!split.ok) return undefined;
  const used: P[] = [];
  for (const piece of split.commands) {
    if (piece.filter) continue;
    const match = patterns.find((pattern) => covers(pattern, piece));
    if (!match) return undefined;
    if (!used.includes(match)) used.push(match);
  }
  return used;
}

/** A deny verdict: the pattern matched, or it might match a command the policy cannot see. */
export type DenyMatch<P> = { type: 'deny'; pattern: P } | { type: 'unsure'; pattern: P; reason: string };

/** Whether deny patterns catch `command`, anywhere in it; undefined when none can. */
export function denyMatch<P extends BashPattern>(command: string, patterns: readonly P[]): DenyMatch<P> | undefined {
  if (patterns.length === 0) return undefined;
  const whole = normalizeCommand(command);
  const view = denyView(command);
  for (const pattern of patterns) {
    if (pattern.form === 'exact' && pattern.command === whole) return { type: 'deny', pattern };
    const words = ruleWords(pattern);
    if (view.commands.some((seen) => matchWords(seen, words, pattern.form) === 'yes')) return { type: 'deny', pattern };
    if (view.unparsed.some((text) => deniedAsText(text, words, pattern.form))) return { type: 'deny', pattern };
  }
  const first = patterns[0] as P;
  if (view.unknown.length > 0) return { type: 'unsure', pattern: first, reason: view.unknown[0] as string };
  for (const pattern of patterns) {
    const seen = view.commands.find((words) => matchWords(words, ruleWords(pattern), pattern.form) === 'maybe');
    if (seen)
      return { type: 'unsure', pattern, reason: `a word of "${seen.map((w) => w ?? '…').join(' ')}" is computed` };
  }
  return undefined;
}

/** yes: the command is the pattern's; maybe: a word the pattern compares is not literal. */
function matchWords(
  seen: ReadonlyArray<string | undefined>,
  words: readonly string[],
  form: BashPattern['form'],
): 'yes' | 'no' | 'maybe' {
  for (let i = 0; i < words.length; i += 1) {
    const word = seen[i];
    if (word === undefined) return i < seen.length ? 'maybe' : 'no';
    const expected = words[i] as string;
    if (i === 0 ? commandName(word) !== commandName(expected) : word !== expected) return 'no';
  }
  if (form === 'exact' && seen.length !== words.length) return 'no';
  return 'yes';
}

/**
 * Whether the whole command line is read-only (programs/read-only.ts): it parses into simple
 * commands that are each read-only, with no assignments and no input redirection (`git log
 * --stdin < secret` would print the file in its error).
 */
export function readOnlyCommandLine(command: string): boolean {
  if (command.includes('<')) return false;
  const split = splitForAllow(command);
  return split.ok && split.commands.every((c) => !c.assigns && (c.filter === true || readOnlyCommand(c.words)));
}
