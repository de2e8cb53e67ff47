import { firstOption } from './types.js';
import type { Danger } from './types.js';

/**
 * npm, pnpm, yarn, bun: options that replace the shell or node that scripts run with, or load
 * another config file (which can set them), and subcommands that fetch and run a package or
 * write configuration. A `Bash(npm ...)` prefix rule never covers them.
 */
const OPTIONS = ['--script-shell', '--node-options', '--userconfig', '--globalconfig', '--call', '-c', '--shell'];
const RUNNING: Readonly<Record<string, readonly string[]>> = {
  npm: ['exec', 'x', 'explore', 'create', 'init', 'config', 'set', 'edit', 'rebuild'],
  pnpm: ['exec', 'dlx', 'create', 'init', 'config', 'node', 'env'],
  yarn: ['exec', 'dlx', 'create', 'init', 'config', 'node'],
  bun: ['x', 'exec', 'create', 'init', 'repl'],
};

export const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(Object.keys(RUNNING));

/** Where a package-manager command runs given code or changes configuration, if it does. */
export function packageManagerDanger(words: readonly string[]): Danger | undefined {
  const name = words[0] as string;
  const sub = words.findIndex((w, i) => i > 0 && !w.startsWith('-'));
  if (sub !== -1 && (RUNNING[name] ?? []).includes(words[sub] as string)) {
    return { index: sub, reason: `${name} ${words[sub]} runs a package's code or writes configuration` };
  }
  return firstOption(
    words,
    1,
    OPTIONS,
    'changes the shell or node that scripts run with, or loads another configuration',
  );
}

/** find: actions that run a command or write files. */
const FIND_ACTIONS = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];

export function findDanger(words: readonly string[]): Danger | undefined {
  const index = words.findIndex((w) => FIND_ACTIONS.includes(w));
  return index === -1 ? undefined : { index, reason: `find ${words[index]} runs a command or changes files` };
}

/** The `-exec`-style command groups of a find command, for deny matching. */
export function findCommands(words: readonly (string | undefined)[]): Array<Array<string | undefined>> {
  const groups: Array<Array<string | undefined>> = [];
  for (let i = 0; i < words.length; i += 1) {
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(words[i] ?? '')) continue;
    const end = words.findIndex((w, j) => j > i && (w === ';' || w === '+'));
    groups.push(words.slice(i + 1, end === -1 ? undefined : end));
  }
  return groups;
}
