import { firstOption } from './types.js';
import type { Danger } from './types.js';

/**
 * git: what a `Bash(git ...)` prefix rule never covers, because it runs code or reaches outside
 * the work tree. Extend by adding to these tables (see the package README).
 */

/** Global options (before the subcommand) that are harmless; any other one is a danger. */
const SAFE_GLOBAL = new Set([
  '--no-pager',
  '-P',
  '-p',
  '--paginate',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-advice',
  '--version',
  '--help',
  '-h',
]);

/** git's own commands. Any other subcommand is an alias (`alias.x = !sh ...`) or a `git-x` program on PATH. */
const BUILTIN = new Set(
  `add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore
check-mailmap check-ref-format checkout checkout-index cherry cherry-pick clean clone commit commit-graph commit-tree
config count-objects describe diff diff-files diff-index diff-tree fetch for-each-ref format-patch fsck gc grep
hash-object help init log ls-files ls-remote ls-tree maintenance merge merge-base merge-file merge-tree mktag mktree
mv name-rev notes prune pull push range-diff read-tree rebase reflog remote repack replace rerere reset restore
rev-list rev-parse revert rm shortlog show show-branch show-ref sparse-checkout stash status submodule switch
symbolic-ref tag update-index update-ref var verify-commit verify-pack verify-tag version whatchanged worktree
write-tree`.split(/\s+/),
);

/** Subcommands that run configured or given programs whatever their arguments. */
const RUNS_CODE = new Set([
  'difftool',
  'mergetool',
  'filter-branch',
  'filter-repo',
  'daemon',
  'instaweb',
  'upload-pack',
  'receive-pack',
  'upload-archive',
  'send-email',
  'send-pack',
  'fetch-pack',
  'credential',
  'shell',
  'hook',
  'http-backend',
  'p4',
  'svn',
  'cvsimport',
  'archimport',
  'quiltimport',
  'web--browse',
  'remote-ext',
  'remote-fd',
  'citool',
  'gui',
  'gitk',
]);

/** Per subcommand: options that run a program, write outside the tree, or set configuration. */
const OPTIONS: Readonly<Record<string, readonly string[]>> = {
  clone: ['-u', '--upload-pack', '-c', '--config', '--template', '--separate-git-dir'],
  fetch: ['--upload-pack'],
  pull: ['--upload-pack'],
  'ls-remote': ['--upload-pack'],
  push: ['--receive-pack', '--exec'],
  archive: ['--exec', '--remote', '-o', '--output'],
  rebase: ['-x', '--exec'],
  diff: ['--ext-diff', '--output'],
  log: ['--ext-diff', '--output'],
  show: ['--ext-diff', '--output'],
  whatchanged: ['--ext-diff', '--output'],
  'format-patch': ['-o', '--output-directory', '--output'],
  grep: ['-O', '--open-files-in-pager'],
  help: ['-w', '--web'],
  init: ['--template', '--separate-git-dir'],
  submodule: ['--reference'],
};

/** Subcommand words that run code (`git bisect run CMD`, `git submodule foreach CMD`). */
const RUNNING_VERBS: Readonly<Record<string, readonly string[]>> = { bisect: ['run'], submodule: ['foreach'] };

/** `git config` is allowed by a prefix rule only to read. */
const CONFIG_READS = new Set(['--get', '--get-all', '--get-regexp', '--list', '-l', 'get', 'list']);

/** Remote URLs with transports that run commands. */
const RUNNING_URL = /^(ext|fd)::/;

/** Where `words` (a git command) runs code or escapes the tree, if it does. */
export function gitDanger(words: readonly string[]): Danger | undefined {
  let i = 1;
  for (; i < words.length; i += 1) {
    const word = words[i] as string;
    if (!word.startsWith('-')) break;
    if (!SAFE_GLOBAL.has(word))
      return {
        index: i,
        reason: `git ${word} (global options such as -c, -C, --git-dir, --exec-path can run code or leave the root)`,
      };
  }
  const sub = words[i];
  if (sub === undefined) return undefined;
  if (RUNS_CODE.has(sub)) return { index: i, reason: `git ${sub} runs configured or given programs` };
  if (!BUILTIN.has(sub))
    return { index: i, reason: `git ${sub} is not a built-in git command (an alias can run any program)` };
  if (sub === 'config') {
    const next = words.slice(i + 1).find((w) => !['--local', '--global', '--system', '--worktree'].includes(w));
    if (next === undefined || !CONFIG_READS.has(next))
      return { index: i, reason: 'git config can set core.* and alias.* (programs git runs)' };
  }
  const verb = words.slice(i + 1).findIndex((w) => (RUNNING_VERBS[sub] ?? []).includes(w));
  if (verb !== -1) return { index: i + 1 + verb, reason: `git ${sub} ${words[i + 1 + verb]} runs a command` };
  const option = firstOption(
    words,
    i + 1,
    OPTIONS[sub] ?? [],
    'runs a program, writes outside the tree or sets configuration',
  );
  if (option) return option;
  const url = words.findIndex((w, j) => j > i && RUNNING_URL.test(w));
  if (url !== -1) return { index: url, reason: `${words[url]}: a transport that runs a command` };
  return undefined;
}
