import { firstOption } from './types.js';
import type { Danger, DangerCheck } from './types.js';

/**
 * Interpreters and code runners. "always" never grants them as a prefix (the exact command only),
 * and a prefix rule for them (`Bash(node:*)`, `Bash(python:*)`) never covers the options that
 * take program text on the command line (`node -e`, `python -c`): a rule must name such an
 * option itself (`Bash(python -c:*)`) to cover it. Extend by adding to these tables.
 */
const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  node: [
    '-e',
    '--eval',
    '-p',
    '--print',
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '-i',
    '--interactive',
    '--env-file',
  ],
  python: ['-c', '-i'],
  python3: ['-c', '-i'],
  ruby: ['-e', '-r', '--require'],
  perl: ['-e', '-E', '-M', '-m'],
  php: ['-r', '-a'],
  bun: ['-e', '--eval', '-p', '--print', '-r', '--preload'],
  deno: ['--eval'],
  lua: ['-e', '-l'],
  Rscript: ['-e'],
  tar: [
    '--to-command',
    '--checkpoint-action',
    '--use-compress-program',
    '-I',
    '--info-script',
    '--new-volume-script',
    '-F',
    '--rsh-command',
  ],
  rsync: ['-e', '--rsh', '--rsync-path'],
  ssh: ['-o', '-F'],
};

/** Subcommands that run given code (`deno eval`, `bun x`). */
const CODE_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  deno: ['eval', 'repl', 'run', 'x'],
  bun: ['x', 'exec', 'repl'],
};

/** Programs that run code they are given (a file or text): "always" stores their exact command only. */
export const CODE_RUNNERS: ReadonlySet<string> = new Set([
  ...Object.keys(CODE_OPTIONS).filter((name) => !['tar', 'rsync'].includes(name)),
  'npx',
  'bunx',
  'pnpx',
  'awk',
  'gawk',
  'mawk',
  'nawk',
  'sed',
  'java',
  'jshell',
  'tclsh',
  'wish',
  'expect',
  'osascript',
  'pwsh',
  'powershell',
  'irb',
  'ipython',
  'jq',
  'ts-node',
  'tsx',
  'vite-node',
  'esno',
]);

/** The check for an interpreter named in the tables, if `name` is one. */
export function interpreterCheck(name: string): DangerCheck | undefined {
  const options = CODE_OPTIONS[name];
  const subs = CODE_SUBCOMMANDS[name];
  if (!options && !subs) return undefined;
  return (words): Danger | undefined => {
    const sub = words[1];
    if (sub !== undefined && subs?.includes(sub)) return { index: 1, reason: `${name} ${sub} runs given code` };
    return options ? firstOption(words, 1, options, `${name} runs program text given on the command line`) : undefined;
  };
}
