import { mentionCompletions, mentionToken } from '@coding-harness/session';
import { slashCompleter } from './slash-complete.js';

/**
 * The REPL's Tab: an `@path` being typed at the end of the line completes to files and folders
 * under the work root (once the session knows it); a lone `/word` to commands and skills.
 */
export function inputCompleter(
  words: () => readonly string[],
  workroot: () => string | undefined,
): (line: string) => [string[], string] {
  const slash = slashCompleter(words);
  return (line) => {
    const token = mentionToken(line);
    const root = workroot();
    if (token !== undefined && root !== undefined) return [mentionCompletions(root, line), token];
    return slash(line);
  };
}
