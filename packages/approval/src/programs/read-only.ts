/**
 * Commands harmless enough to run without a question even outside the sandbox: they print facts
 * about the work tree and read no file's content by a name the model chooses (so a link a
 * repository ships, `docs/key -> ~/.ssh/id_ed25519`, gives nothing away). `cat`, `head`, `grep`
 * are deliberately not here: read_file and grep go through the jail. Only literal words
 * (allow-walk.ts), no path argument that is absolute, climbs with `..` or starts at `~`, and no
 * option in the program's danger list (programs/index.ts).
 */
import { programDanger } from './index.js';

/** Programs that only print, whatever their (plain, relative) arguments. */
const PLAIN = new Set(['echo', 'pwd', 'true', 'false', 'date', 'whoami', 'id', 'uname', 'ls']);

/** git subcommands that only read; the ones marked `list` only when they are given no name (then they would create one). */
const GIT: Readonly<Record<string, 'any' | 'list'>> = {
  status: 'any',
  diff: 'any',
  log: 'any',
  show: 'any',
  'rev-parse': 'any',
  'ls-files': 'any',
  describe: 'any',
  blame: 'any',
  shortlog: 'any',
  branch: 'list',
  tag: 'list',
  remote: 'list',
};

/** Options of those git subcommands that write, or read a file the model names (whose content could then be printed). */
const GIT_OUTSIDE =
  /^(--(no-index|output|ext-diff|open-files-in-pager|contents|orderfile|ignore-revs-file|stdin|textconv)|-O)/;

function pathSafe(word: string): boolean {
  return !word.startsWith('/') && !word.startsWith('~') && !/(^|[/=])\.\.(\/|$)/.test(word) && !word.includes('=/');
}

/** Whether one simple command (literal words) is read-only in the sense above. */
export function readOnlyCommand(words: readonly string[]): boolean {
  const [program, ...args] = words;
  if (program === undefined || program.includes('/') || !args.every(pathSafe)) return false;
  if (programDanger(words) !== undefined) return false;
  if (PLAIN.has(program)) return true;
  if (program !== 'git') return false;
  const sub = args.find((w) => !w.startsWith('-'));
  const kind = sub === undefined ? undefined : GIT[sub];
  if (kind === undefined || args[0] !== sub) return false;
  if (args.some((w) => GIT_OUTSIDE.test(w))) return false;
  return (
    kind === 'any' ||
    args
      .slice(1)
      .every(
        (w) => w.startsWith('-') && !/^-(d|D|m|M|c|C|f)$|^--(delete|move|copy|force|set|add|rename|remove)/.test(w),
      )
  );
}
