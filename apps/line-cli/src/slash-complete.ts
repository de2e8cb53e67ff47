/**
 * Tab completion at the REPL prompt for `/` words: the command table's names and aliases, and the
 * session's skills. Readline calls it with the line so far; a line that is not a lone `/word`
 * (text, or arguments after the command) completes nothing.
 */
export function slashCompleter(words: () => readonly string[]): (line: string) => [string[], string] {
  return (line) => {
    if (!/^\/[\w:.-]*$/.test(line)) return [[], line];
    const hits = [...new Set(words())]
      .map((w) => `/${w}`)
      .filter((w) => w.startsWith(line))
      .sort();
    return [hits, line];
  };
}
