import { mentionCompletions, mentionToken } from '@coding-harness/session';
import { slashCompleter } from './slash-complete.js';

/**
 * The REPL's Tab: an `@path` being typed at the end of the line completes to files and folders
 * under the work root (once the session knows it) and MCP resources (`@server:uri`); a lone
 * `/word` to commands, skills and MCP prompts.
 */
export function inputCompleter(
  words: () => readonly string[],
  workroot: () => string | undefined,
  mcpMentions: (line: string) => readonly string[] = () => [],
): (line: string) => [string[], string] {
  const slash = slashCompleter(words);
  return (line) => {
    const token = mentionToken(line);
    const root = workroot();
    // `@server:uri` of the MCP servers' resources first, then files and folders.
    if (token !== undefined && root !== undefined)
      return [[...mcpMentions(line), ...mentionCompletions(root, line)], token];
    return slash(line);
  };
}
