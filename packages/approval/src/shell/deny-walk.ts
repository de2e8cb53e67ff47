import { child, list, nodeType, parseShell, text, walk } from './load.js';
import { literalWords } from './words.js';
import { EVALUATORS, SHELLS, SHELL_GRAMMAR, WRAPPERS, unwrap } from '../programs/wrappers.js';
import { readOptions } from '../programs/getopt.js';
import { findCommands } from '../programs/package-managers.js';
import { trickyText } from './tricky.js';

/** Every command a command line can run, as deny rules see them. */
export interface DenyView {
  /** Word lists (undefined = a word that is not literal), wrappers and `eval`/`sh -c` strings unfolded. */
  commands: Array<Array<string | undefined>>;
  /** Why some command may be hidden from view (a computed command name, `sh script`, a nesting too deep). */
  unknown: string[];
  /** Command lines (the whole one or a nested `sh -c` string) that do not parse; matched as text. */
  unparsed: string[];
}

/** How deep `eval`, `sh -c STR`, `env -S STR` are unfolded. */
export const MAX_DEPTH = 4;

/**
 * Collects every command anywhere in the command line: in lists, pipelines, bodies of
 * if/for/while/until/case/functions, subshells, groups, command and process substitutions,
 * behind wrappers (`sudo`, `env`, `timeout 5`, `xargs`, `exec`, ... with their options), in
 * `find -exec`, and inside the strings of `eval ARGS`, `bash -c STR`, `sh -c`, `su -c`
 * (parsed in turn, down to MAX_DEPTH).
 */
export function denyView(command: string, depth = 0): DenyView {
  const view: DenyView = { commands: [], unknown: [], unparsed: [] };
  // Where bash and the parser may disagree, the parser's view is not the whole truth: the text is
  // also matched as text, and a deny rule that does not match there still makes the call ask.
  const tricky = trickyText(command);
  if (tricky !== undefined) {
    view.unparsed.push(command);
    view.unknown.push(tricky);
  }
  const parsed = parseShell(command);
  if (!parsed.ok) {
    view.unparsed.push(command);
    view.unknown.push(`it does not parse as bash (${parsed.error})`);
    return view;
  }
  walk(parsed.file, (node) => {
    const type = nodeType(node);
    if (type === 'CallExpr') unfold(literalWords(list(node, 'Args'), 'deny'), depth, view, 0);
    else if (type === 'DeclClause') unfold([text(child(node, 'Variant'), 'Value')], depth, view, 0);
    else if (type === 'LetClause') unfold(['let'], depth, view, 0);
  });
  return view;
}

/** Basename of a command word: `/bin/rm` runs `rm`. */
export function commandName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

function unfold(words: Array<string | undefined>, depth: number, view: DenyView, hops: number): void {
  if (words.length === 0) return;
  view.commands.push(words);
  const first = words[0];
  if (first === undefined)
    return void view.unknown.push('a command name is computed (a variable, substitution or glob)');
  const name = commandName(first);
  if (hops > 0 && name.startsWith('-'))
    return void view.unknown.push(`a wrapped command could not be told from its options (${first})`);
  if (hops > 8) return void view.unknown.push('too many wrappers');
  const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  if (wrapper) {
    const inner = unwrap(words, wrapper);
    if (inner.unclear !== undefined) view.unknown.push(`${name}: ${inner.unclear}`);
    if (inner.commandLine !== undefined) nested(inner.commandLine, depth, view);
    if (inner.shellWords !== undefined) shell('sh', ['sh', ...inner.shellWords], depth, view);
    return unfold(inner.rest, depth, view, hops + 1);
  }
  if (name === 'eval') {
    const rest = words.slice(1);
    if (rest.some((w) => w === undefined)) return void view.unknown.push('eval runs a computed string');
    return nested(rest.join(' '), depth, view);
  }
  if (EVALUATORS.has(name)) return void view.unknown.push(`${name} runs shell code from a string or file`);
  if (name === 'busybox') return unfold(words.slice(1), depth, view, hops + 1);
  if (SHELLS.has(name)) return shell(name, words, depth, view);
  if (name === 'find') for (const group of findCommands(words)) unfold(group, depth, view, hops + 1);
}

/**
 * A shell's arguments read with the shells' option grammar: with `-c` anywhere among the options
 * (`bash -xc`, `bash -c -x`, `bash -o errexit -c`), the first operand is the script; without it the
 * shell runs a file or its standard input, which cannot be seen.
 */
function shell(name: string, words: Array<string | undefined>, depth: number, view: DenyView): void {
  const reading = readOptions(words, 1, SHELL_GRAMMAR);
  if (reading.unclear !== undefined) view.unknown.push(`${name}: ${reading.unclear}`);
  const runsString = reading.options.some((o) => o.name === '-c');
  if (!runsString) {
    const help =
      reading.options.length > 0 && reading.options.every((o) => o.name === '--version' || o.name === '--help');
    if (help && reading.operands.length === 0) return;
    return void view.unknown.push(`${name} runs a script file or its standard input`);
  }
  if (reading.operands.length === 0) return;
  const script = reading.operands[0];
  if (script === undefined) return void view.unknown.push(`${name} -c runs a computed string`);
  nested(script, depth, view);
}

function nested(commandLine: string, depth: number, view: DenyView): void {
  if (depth + 1 > MAX_DEPTH) return void view.unknown.push(`commands nested more than ${MAX_DEPTH} deep`);
  const inner = denyView(commandLine, depth + 1);
  view.commands.push(...inner.commands);
  view.unknown.push(...inner.unknown);
  view.unparsed.push(...inner.unparsed);
}
