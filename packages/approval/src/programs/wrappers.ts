import { readOptions } from './getopt.js';
import type { OptionGrammar, ReadOption } from './getopt.js';

/**
 * Commands that run another command given in their arguments. A prefix rule covers them only
 * when it names them (`Bash(sudo apt update:*)`), and deny rules look through them: each
 * program's options are read with its own grammar (getopt.ts: clusters, attached values, long
 * abbreviations), its assignments and leading operands skipped, and what is left is checked as a
 * command of its own; a value that is a command line (`su -c`, `env -S`) is parsed in turn. An
 * option the grammar does not know makes the wrapped command unclear (ask when a deny rule
 * exists). Extend by adding a row.
 */
export interface Wrapper {
  grammar: OptionGrammar;
  /** Operands before the command (`timeout DURATION`, `chroot DIR`, `flock FILE`). */
  operands?: number;
  /** Whether `NAME=value` words between the options and the command are skipped (`env`, `sudo`). */
  assignments?: boolean;
  /** Options whose value is itself a command line (`su -c STR`), by canonical name. */
  commandOptions?: readonly string[];
  /** Options whose value env splits into words by its own rules (`env -S STR`): parsed as a command line when it has no backslash, else unclear. */
  splitOptions?: readonly string[];
  /** The command is all remaining words joined into one command line (`watch`). */
  joins?: boolean;
  /** `flock FILE -c CMD`: a command option may also follow the operands. */
  lateCommand?: boolean;
  /** What is left after an optional `-` and the user name goes to the user's shell as its arguments (`su root -c CMD`). */
  shellArgs?: boolean;
  /** With one of these options the remaining words are the command itself (`runuser -u USER -- CMD`). */
  commandAfter?: readonly string[];
  /** Without a command (option or words) it starts a shell reading its standard input (`script`, `chroot DIR`). */
  stdinShell?: boolean;
  /** With one of these options it acts on a running process and runs no command (`ionice -p PID`). */
  noCommand?: readonly string[];
}

const SUDO_LONG =
  'askpass background bell close-from= chdir= preserve-env=? edit group= set-home help host= login remove-timestamp reset-timestamp list non-interactive preserve-groups prompt= chroot= role= stdin shell type= command-timeout= other-user= user= version validate';
const SU_LONG =
  'command= session-command= fast group= supp-group= login preserve-environment pty shell= whitelist-environment= help version';

export const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  sudo: { grammar: { short: 'ABbC:D:Eeg:Hh::iKklNnPp:R:r:Sst:T:U:u:Vv', long: SUDO_LONG }, assignments: true },
  doas: { grammar: { short: 'C:Lnsu:', long: '' } },
  env: {
    grammar: {
      short: '0a:C:ivS:u:',
      long: 'null ignore-environment unset= chdir= split-string= argv0= debug block-signal=? default-signal=? ignore-signal=? list-signal-handling help version',
    },
    assignments: true,
    splitOptions: ['-S', '--split-string'],
  },
  command: { grammar: { short: 'pvV', long: '' } },
  builtin: { grammar: { short: '', long: '' } },
  exec: { grammar: { short: 'a:cl', long: '' } },
  nohup: { grammar: { short: '', long: 'help version' } },
  time: {
    grammar: { short: 'af:o:pqvV', long: 'append format= output= portability quiet verbose help version' },
  },
  nice: { grammar: { short: 'n:', long: 'adjustment= help version', numeric: true } },
  ionice: {
    grammar: { short: 'c:n:p:P:tu:', long: 'class= classdata= pid= pgid= ignore uid= help version' },
    noCommand: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'],
  },
  timeout: {
    grammar: { short: 'fk:ps:v', long: 'foreground kill-after= preserve-status signal= verbose help version' },
    operands: 1,
  },
  stdbuf: { grammar: { short: 'i:o:e:', long: 'input= output= error= help version' } },
  chroot: { grammar: { short: '', long: 'userspec= groups= skip-chdir help version' }, operands: 1, stdinShell: true },
  setsid: { grammar: { short: 'cfw', long: 'ctty fork wait help version' } },
  unbuffer: { grammar: { short: 'p', long: '' } },
  flock: {
    grammar: {
      short: 'sxeunow:E:FhVc:',
      long: 'shared exclusive unlock nonblock nb no-fork timeout= wait= conflict-exit-code= close verbose command= help version',
    },
    operands: 1,
    commandOptions: ['-c', '--command'],
    lateCommand: true,
  },
  xargs: {
    grammar: {
      short: '0a:d:E:e::I:i::L:l::n:oP:prs:tx',
      long: 'null arg-file= delimiter= eof=? replace=? max-lines=? max-args= open-tty max-procs= interactive process-slot-var= no-run-if-empty max-chars= show-limits verbose exit help version',
    },
  },
  taskset: {
    grammar: { short: 'acp', long: 'all-tasks cpu-list pid help version' },
    operands: 1,
    noCommand: ['-p', '--pid'],
  },
  chrt: {
    grammar: {
      short: 'abdefiomprRT:P:D:v',
      long: 'all-tasks batch deadline fifo idle other pid rr reset-on-fork sched-runtime= sched-period= sched-deadline= max verbose help version',
    },
    operands: 1,
    noCommand: ['-p', '--pid', '-m', '--max'],
  },
  su: {
    grammar: { short: 'c:fg:G:lmpPs:w:hV', long: SU_LONG },
    commandOptions: ['-c', '--command', '--session-command'],
    shellArgs: true,
  },
  runuser: {
    grammar: { short: 'c:fg:G:lmpPs:u:w:hV', long: `${SU_LONG} user=` },
    commandOptions: ['-c', '--command', '--session-command'],
    shellArgs: true,
    commandAfter: ['-u', '--user'],
  },
  script: {
    grammar: {
      short: 'aB:c:eE:fI:O:o:qm:T:t::hV',
      long: 'append log-io= command= echo= return flush log-in= log-out= output-limit= quiet logging-format= log-timing= timing=? help version',
      permute: true,
    },
    commandOptions: ['-c', '--command'],
    stdinShell: true,
  },
  watch: {
    grammar: {
      short: 'bcCd::egn:pq:rtwxhv',
      long: 'beep color no-color differences=? errexit chgexit interval= precise equexit= no-rerun no-title no-wrap exec help version',
    },
    joins: true,
  },
};

/** The grammar of the shells' own options: `-c` in any cluster, `-o NAME` / `-O NAME` taking the next word, a few long options with a value. */
export const SHELL_GRAMMAR: OptionGrammar = {
  short: 'abcefhiklmnprstuvxBCEHPTDo:O:',
  long: 'norc noprofile rcfile= init-file= login posix restricted verbose debugger dump-strings dump-po-strings noediting help version pretty-print wordexp',
  plus: true,
};

/** Shells: `-c STRING` runs STRING; without `-c` they run a script file or standard input. */
export const SHELLS: ReadonlySet<string> = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'yash',
  'fish',
  'busybox',
  'rbash',
]);

/** Builtins and programs that run a string or file as shell code. */
export const EVALUATORS: ReadonlySet<string> = new Set([
  'eval',
  'source',
  '.',
  'trap',
  'fc',
  'coproc',
  'alias',
  'enable',
  'complete',
  'compgen',
]);

/**
 * Builtins that evaluate array subscripts or arithmetic in their (even single-quoted) arguments,
 * so `read 'a[$(id)]'` runs `id`: never covered by a prefix rule that does not name them.
 */
export const SUBSCRIPT_EVALUATORS: ReadonlySet<string> = new Set([
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'let',
  'read',
  'unset',
  'mapfile',
  'readarray',
  'wait',
  'printf',
  'test',
  '[',
  'shopt',
  'set',
  'hash',
]);

/** What a wrapper runs: the wrapped command's words, a command line given as an option's value, and what is unclear about it. */
export interface Unwrapped {
  rest: Array<string | undefined>;
  commandLine?: string;
  /** Words given to a shell (`su root -c CMD`): read as `sh` with these arguments. */
  shellWords?: Array<string | undefined>;
  /** Why some of what it runs cannot be known (a computed word, an option its grammar lacks, no command: a shell on stdin). */
  unclear?: string;
}

/** Strips a wrapper's options (with their values), assignments and operands, with the program's own grammar. */
export function unwrap(words: readonly (string | undefined)[], wrapper: Wrapper): Unwrapped {
  const reading = readOptions(words, 1, wrapper.grammar);
  let unclear = reading.unclear;
  const named = (list: readonly string[] | undefined): ReadOption | undefined =>
    reading.options.findLast((o) => list?.includes(o.name) === true);
  if (named(wrapper.noCommand)) return { rest: [], ...(unclear ? { unclear } : {}) };
  let commandLine: string | undefined;
  const command = named(wrapper.commandOptions);
  if (command) {
    if (command.value === undefined) unclear ??= `the value of ${command.name} is computed`;
    else commandLine = command.value;
  }
  const split = named(wrapper.splitOptions);
  if (split) {
    if (split.value === undefined || split.value.includes('\\'))
      unclear ??= `${split.name} splits its value by its own rules (escapes)`;
    else commandLine = split.value;
  }
  let rest = reading.operands;
  if (wrapper.assignments) {
    const first = rest.findIndex((w) => w === undefined || !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
    rest = first === -1 ? [] : rest.slice(first);
  }
  if (wrapper.shellArgs && !named(wrapper.commandAfter)) {
    if (rest[0] === '-') rest = rest.slice(1);
    const shellWords = rest.slice(1);
    if (commandLine === undefined && shellWords.length === 0)
      unclear ??= 'it starts a shell that reads its standard input';
    const out: Unwrapped = { rest: [], ...(shellWords.length > 0 ? { shellWords } : {}) };
    if (commandLine !== undefined) out.commandLine = commandLine;
    return unclear ? { ...out, unclear } : out;
  }
  if (wrapper.grammar.permute) {
    rest = [];
  } else {
    rest = rest.slice(wrapper.operands ?? 0);
    if (wrapper.lateCommand) {
      const late = rest.findIndex((w) => w !== undefined && (wrapper.commandOptions ?? []).includes(w));
      if (late === 0) {
        const value = rest[1];
        if (value === undefined) unclear ??= 'its command is computed';
        else commandLine = value;
        rest = [];
      }
    }
  }
  if (wrapper.stdinShell && commandLine === undefined && rest.length === 0)
    unclear ??= 'it starts a shell that reads its standard input';
  if (wrapper.joins) {
    if (rest.some((w) => w === undefined)) return { rest: [], unclear: unclear ?? 'its command is computed' };
    if (rest.length > 0) commandLine = rest.join(' ');
    rest = [];
  }
  const out: Unwrapped = { rest };
  if (commandLine !== undefined) out.commandLine = commandLine;
  return unclear ? { ...out, unclear } : out;
}
