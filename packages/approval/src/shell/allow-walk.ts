import { child, isPipe, list, nodeType, parseShell, redirectName, text } from './load.js';
import type { ShNode } from './load.js';
import { literalWord } from './words.js';
import { PLAIN_DELIMITER, trickyText } from './tricky.js';
import { harmlessFilter } from '../programs/filters.js';

/** One simple command of a command line, as allow rules see it. */
export interface SimpleCommand {
  /** The words after quote removal (every one literal). */
  words: string[];
  /** Whether it starts with assignments (`X=1 cmd`): never covered by a per-command rule. */
  assigns: boolean;
  /**
   * A harmless filter after a pipe (`| tail -12`, programs/filters.ts) whose standard input is
   * that pipe: a rule covering the commands before it covers it too.
   */
  filter?: true;
}

/** A command line cut into simple commands every word of which is literal, or why it cannot be. */
export type AllowSplit = { ok: true; commands: SimpleCommand[] } | { ok: false; reason: string };

/** Targets an output redirection may have without making the command a file write. */
const SAFE_SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
/** `/dev/...` files an input redirection may read: the rest include `/dev/tcp/HOST/PORT`. */
const SAFE_SOURCES = new Set(['/dev/null', '/dev/stdin', '/dev/zero']);

class Refusal extends Error {}
const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

/**
 * Cuts a command line into the simple commands an allow rule must each cover: through `&&`,
 * `||`, `;`, `&`, pipes, line breaks, `!`, subshells, `{ }` groups and the bodies of
 * if/while/until/for/case. It refuses (the policy then asks) anything whose meaning is not in
 * its text: a parse failure, any expansion or substitution, a glob, `$'..'`, redirection to or
 * from anything but plain paths (`2>&1`, `>/dev/null` and `< file` are fine; `> file` is a
 * write and is refused), here-documents with expansion, function definitions, `(( ))`, `[[ ]]`,
 * `let`, `declare`/`local`/`export`, `time`, `coproc` and C-style `for`. It also refuses what bash
 * and the parser may read differently (tricky.ts): comments, carriage returns and other control
 * or blank characters, line continuations, here-document delimiters other than a plain name.
 */
export function splitForAllow(command: string): AllowSplit {
  const tricky = trickyText(command);
  if (tricky !== undefined) return { ok: false, reason: tricky };
  const parsed = parseShell(command);
  if (!parsed.ok) return { ok: false, reason: `it does not parse as bash (${parsed.error})` };
  const commands: SimpleCommand[] = [];
  try {
    statements(list(parsed.file, 'Stmts'), commands);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
  if (commands.length === 0) return { ok: false, reason: 'it is empty' };
  return { ok: true, commands };
}

/** Redirections that give a command another standard input than the pipe before it. */
const INPUTS = new Set(['<', '<<', '<<-', '<<<', '<&', '<>']);

/** `afterPipe`: the statements read a pipe (they are a later stage of a pipeline). */
function statements(stmts: readonly ShNode[], out: SimpleCommand[], afterPipe = false): void {
  for (const stmt of stmts) {
    if (stmt['Coprocess'] === true) refuse('it starts a coprocess');
    const redirects = list(stmt, 'Redirs');
    for (const redirect of redirects) checkRedirect(redirect);
    const readsPipe = afterPipe && !redirects.some((r) => INPUTS.has(redirectName(r) ?? '<'));
    const cmd = child(stmt, 'Cmd');
    if (cmd) compound(cmd, out, readsPipe);
  }
}

function compound(cmd: ShNode, out: SimpleCommand[], afterPipe: boolean): void {
  const type = nodeType(cmd);
  switch (type) {
    case 'CallExpr':
      return simple(cmd, out, afterPipe);
    case 'BinaryCmd': {
      const [x, y] = [child(cmd, 'X'), child(cmd, 'Y')].map((s) => (s === undefined ? [] : [s]));
      // A pipeline is read left to right (`a | b | c` is `(a | b) | c`): the left side reads what
      // the whole reads, the right side reads the pipe.
      const pipe = isPipe(cmd);
      statements(x as ShNode[], out, pipe && afterPipe);
      return statements(y as ShNode[], out, pipe);
    }
    case 'Subshell':
    case 'Block':
      return statements(list(cmd, 'Stmts'), out);
    case 'IfClause':
      statements([...list(cmd, 'Cond'), ...list(cmd, 'Then')], out);
      if (child(cmd, 'Else')) compound(child(cmd, 'Else') as ShNode, out, false);
      return;
    case 'WhileClause':
      return statements([...list(cmd, 'Cond'), ...list(cmd, 'Do')], out);
    case 'ForClause': {
      const loop = child(cmd, 'Loop');
      if (!loop || nodeType(loop) !== 'WordIter') refuse('it has a C-style for loop (arithmetic)');
      list(loop, 'Items').forEach((word) => literalOrRefuse(word, 'a for-loop item'));
      return statements(list(cmd, 'Do'), out);
    }
    case 'CaseClause':
      literalOrRefuse(child(cmd, 'Word'), 'the case word');
      for (const item of list(cmd, 'Items')) {
        list(item, 'Patterns').forEach((word) => literalOrRefuse(word, 'a case pattern'));
        statements(list(item, 'Stmts'), out);
      }
      return;
    default:
      return refuse(`it uses ${REFUSED[type] ?? type}`);
  }
}

const REFUSED: Readonly<Record<string, string>> = {
  FuncDecl: 'a function definition',
  ArithmCmd: 'an arithmetic command (( ))',
  TestClause: 'a [[ ]] test (it evaluates arithmetic in array subscripts)',
  DeclClause: 'declare/local/export/readonly (they evaluate array subscripts)',
  LetClause: 'let (arithmetic)',
  TimeClause: 'time',
  CoprocClause: 'coproc',
};

function simple(call: ShNode, out: SimpleCommand[], afterPipe: boolean): void {
  const assigns = list(call, 'Assigns');
  for (const assign of assigns) {
    if (child(assign, 'Array') || child(assign, 'Index')) refuse('it assigns an array');
    const value = child(assign, 'Value');
    if (value) literalOrRefuse(value, `the value of ${text(child(assign, 'Name'), 'Value') ?? 'a variable'}`);
  }
  const args = list(call, 'Args');
  if (args.length === 0) refuse('it only assigns variables');
  const words = args.map((word, i) => literalOrRefuse(word, i === 0 ? 'the command name' : `word ${i + 1}`));
  const filter = afterPipe && assigns.length === 0 && harmlessFilter(words);
  out.push(filter ? { words, assigns: false, filter } : { words, assigns: assigns.length > 0 });
}

function literalOrRefuse(word: ShNode | undefined, what: string): string {
  const value = literalWord(word, 'allow');
  if (value === undefined)
    refuse(`${what} is not a literal (it has an expansion, substitution, glob or $'..' quoting)`);
  return value as string;
}

function checkRedirect(redirect: ShNode): void {
  const fd = text(child(redirect, 'N'), 'Value');
  if (fd !== undefined && !/^[0-9]+$/.test(fd)) refuse(`it redirects a named file descriptor (${fd})`);
  const op = redirectName(redirect);
  const word = child(redirect, 'Word');
  switch (op) {
    case '>&':
    case '<&': {
      const target = literalWord(word, 'allow');
      if (target !== undefined && /^([0-9]+|-)$/.test(target)) return;
      if (op === '<&') return refuse('it duplicates a file descriptor from a non-number');
      return sink(target);
    }
    case '>':
    case '>>':
    case '>|':
    case '&>':
    case '&>>':
      return sink(literalWord(word, 'allow'));
    case '<': {
      const source = literalOrRefuse(word, 'an input redirection');
      if ((source.startsWith('/dev/') && !SAFE_SOURCES.has(source)) || /\/(tcp|udp)\//.test(source))
        refuse(`it reads from ${source}`);
      return;
    }
    case '<<<':
      literalOrRefuse(word, 'the here-string');
      return;
    case '<<':
    case '<<-': {
      const parts = list(word, 'Parts');
      const only = parts.length === 1 ? parts[0] : undefined;
      const plainName =
        only !== undefined &&
        (nodeType(only) === 'Lit' || (nodeType(only) === 'SglQuoted' && only['Dollar'] !== true)) &&
        PLAIN_DELIMITER.test(text(only, 'Value') ?? '');
      if (!plainName)
        refuse(
          'its here-document delimiter is not a plain name (quotes or escapes inside it are read differently by bash and the parser)',
        );
      const quoted = nodeType(only as ShNode) !== 'Lit';
      const body = list(child(redirect, 'Hdoc'), 'Parts');
      if (!quoted && body.some((part) => nodeType(part) !== 'Lit'))
        refuse('its here-document expands parameters or commands');
      return;
    }
    default:
      return refuse(`it uses the redirection ${op ?? '?'}`);
  }
}

function sink(target: string | undefined): void {
  if (target === undefined) return refuse('it redirects output to a computed target');
  if (!SAFE_SINKS.has(target)) refuse(`it redirects output to a file (${target})`);
}
