/**
 * Tab completion of `@path` mentions, for both front ends: the files and folders under the work
 * root that the last `@word` of the input starts (folders with a trailing `/`, so Tab goes on
 * into them). Nothing outside the work root is offered; dotfiles only once the typed name starts
 * with a dot; `.git` never.
 */
import fs from 'node:fs';
import path from 'node:path';

/** At most this many candidates are offered. */
export const MENTION_COMPLETIONS_MAX = 50;

/** The `@word` being typed at the end of `line`, or undefined. */
export function mentionToken(line: string): string | undefined {
  return /(?:^|\s)(@[^\s"]*)$/.exec(line)?.[1];
}

/** The candidates for the `@word` at the end of `line`: `@path` strings, sorted; [] when none or no mention is typed. */
export function mentionCompletions(root: string, line: string): string[] {
  const token = mentionToken(line);
  if (token === undefined) return [];
  const typed = token.slice(1);
  const cut = typed.lastIndexOf('/') + 1;
  const dirPart = typed.slice(0, cut);
  const namePart = typed.slice(0, cut) === typed ? '' : typed.slice(cut);
  const rootReal = safeReal(root);
  const dirReal = rootReal === undefined ? undefined : safeReal(path.resolve(rootReal, dirPart || '.'));
  if (rootReal === undefined || dirReal === undefined) return [];
  if (dirReal !== rootReal && !dirReal.startsWith(rootReal + path.sep)) return [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dirReal, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter(
      (e) => e.name.startsWith(namePart) && e.name !== '.git' && (namePart.startsWith('.') || !e.name.startsWith('.')),
    )
    .map((e) => `@${dirPart}${e.name}${isDir(dirReal, e) ? '/' : ''}`)
    .sort()
    .slice(0, MENTION_COMPLETIONS_MAX);
}

function isDir(dir: string, entry: fs.Dirent): boolean {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return fs.statSync(path.join(dir, entry.name)).isDirectory();
  } catch {
    return false;
  }
}

function safeReal(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}
