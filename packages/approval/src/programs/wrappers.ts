/**
 * Commands that run another command given in their arguments. A prefix rule covers them only
 * when it names them (`Bash(sudo apt update:*)`), and deny rules look through them: the
 * options (with their values) and leading operands are stripped, and what is left is checked
 * as a command of its own. Extend by adding a row.
 */
export interface Wrapper {
  /** Options that take a value (`-u USER`, `--user=USER`). */
  valued: readonly string[];
  /** Operands before the command (`timeout DURATION`, `chroot DIR`, `flock FILE`). */
  operands?: number;
  /** Whether `NAME=value` words before the command are skipped (`env`). */
  assignments?: boolean;
  /** Options whose value is itself a command line (`env -S STR`, `su -c STR`). */
  commandOptions?: readonly string[];
  /** The command is all remaining words joined into one command line (`watch`). */
  joins?: boolean;
}

export const WRAPPERS: Readonly<Record<string, Wrapper>> = {
  sudo: {
    valued: [
      '-u',
      '-g',
      '-C',
      '-D',
      '-h',
      '-p',
      '-r',
      '-t',
      '-T',
      '-U',
      '--user',
      '--group',
      '--chdir',
      '--host',
      '--prompt',
      '--role',
      '--type',
      '--command-timeout',
      '--other-user',
      '--close-from',
    ],
  },
  doas: { valued: ['-u', '-C'] },
  env: {
    valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'],
    assignments: true,
    commandOptions: ['-S', '--split-string'],
  },
  command: { valued: [] },
  builtin: { valued: [] },
  exec: { valued: ['-a'] },
  nohup: { valued: [] },
  time: { valued: ['-f', '--format', '-o', '--output'] },
  nice: { valued: ['-n', '--adjustment'] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata', '-p', '--pid', '-P', '--pgid', '-u', '--uid'] },
  timeout: { valued: ['-s', '--signal', '-k', '--kill-after'], operands: 1 },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  chroot: { valued: ['--userspec', '--groups'], operands: 1 },
  setsid: { valued: [] },
  unbuffer: { valued: [] },
  flock: {
    valued: ['-w', '--timeout', '-E', '--conflict-exit-code'],
    operands: 1,
    commandOptions: ['-c', '--command'],
  },
  xargs: {
    valued: [
      '-a',
      '--arg-file',
      '-d',
      '--delimiter',
      '-E',
      '-e',
      '--eof',
      '-I',
      '-i',
      '--replace',
      '-L',
      '-l',
      '--max-lines',
      '-n',
      '--max-args',
      '-P',
      '--max-procs',
      '-s',
      '--max-chars',
      '--process-slot-var',
    ],
  },
  taskset: { valued: [], operands: 1 },
  chrt: { valued: [], operands: 1 },
  su: { valued: ['-c', '--command', '-s', '--shell', '-g', '--group', '-G'], commandOptions: ['-c', '--command'] },
  runuser: { valued: ['-c', '--command', '-u', '--user', '-g', '-G', '-s'], commandOptions: ['-c', '--command'] },
  script: { valued: ['-c', '--command', '-E', '-T', '-I', '-O', '-B'], commandOptions: ['-c', '--command'] },
  watch: { valued: ['-n', '--interval', '-d', '-q'], joins: true },
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

/** What a wrapper runs: the wrapped command's words, a command line given as an option's value, and whether some of it cannot be known. */
export interface Unwrapped {
  rest: Array<string | undefined>;
  commandLine?: string;
  opaque: boolean;
}

/** Strips a wrapper's options (with their values), assignments and operands. */
export function unwrap(words: readonly (string | undefined)[], wrapper: Wrapper): Unwrapped {
  let commandLine: string | undefined;
  let opaque = false;
  let i = 1;
  for (; i < words.length; i += 1) {
    const word = words[i];
    if (word === undefined) return { rest: words.slice(i), opaque: true };
    if (word === '--') {
      i += 1;
      break;
    }
    if (wrapper.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) continue;
    if (!word.startsWith('-') || word === '-') break;
    const { name, value, consumes } = option(word, words[i + 1], wrapper.valued);
    if (consumes) i += 1;
    if (wrapper.commandOptions?.includes(name)) {
      if (value === undefined) opaque = true;
      else commandLine = value;
    }
  }
  let rest = words.slice(i + (wrapper.operands ?? 0));
  // `su USER -c CMD`, `flock FILE -c CMD`: the command option may follow the operands.
  const late = rest.findIndex((w) => w !== undefined && (wrapper.commandOptions ?? []).includes(w));
  if (late !== -1) {
    const value = rest[late + 1];
    if (value === undefined) opaque = true;
    else commandLine = value;
    rest = rest.slice(0, late);
  }
  if (!wrapper.joins) return commandLine === undefined ? { rest, opaque } : { rest, commandLine, opaque };
  if (rest.some((w) => w === undefined)) return { rest: [], opaque: true };
  return { rest: [], commandLine: rest.join(' '), opaque };
}

/** One option word: its name, its value (attached, after `=`, or the next word), and whether it used the next word. */
function option(
  word: string,
  next: string | undefined,
  valued: readonly string[],
): { name: string; value: string | undefined; consumes: boolean } {
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    if (eq !== -1) return { name: word.slice(0, eq), value: word.slice(eq + 1), consumes: false };
    return valued.includes(word)
      ? { name: word, value: next, consumes: true }
      : { name: word, value: undefined, consumes: false };
  }
  const name = word.slice(0, 2);
  if (!valued.includes(name)) return { name, value: undefined, consumes: false };
  return word.length > 2 ? { name, value: word.slice(2), consumes: false } : { name, value: next, consumes: true };
}
