// marked-terminal ships no types: the one function the REPL calls, as its README documents it.
declare module 'marked-terminal' {
  import type { MarkedExtension } from 'marked';

  export function markedTerminal(
    options?: Record<string, unknown>,
    highlightOptions?: Record<string, unknown>,
  ): MarkedExtension;
}
