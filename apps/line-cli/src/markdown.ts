/**
 * The markdown kit of the REPL's screen: `marked`'s lexers (the lines are drawn by
 * markdown-line.ts and markdown-table.ts) and `marked-terminal`'s code highlighting. Both are
 * loaded on first use only, because importing them
 * costs about 130 ms (cli-highlight carries every highlight.js grammar): a `-p` run
 * or a REPL session that never prints model text never loads them. The bin keeps them out of its
 * bundle for the same reason, in a vendor bundle of their own beside it that runs through its
 * own code cache (`dist/bin/harness-markdown.cjs`, about 35 ms on first use instead of about 90). They are loaded with `require` (Node 20.19+ loads the ESM-only
 * marked-terminal that way, silently); a Node that cannot gets the text as the model wrote it.
 */
import { createRequire } from 'node:module';
import type * as MarkedModule from 'marked';
import type * as MarkedTerminalModule from 'marked-terminal';
import type { MarkdownKit } from './text-stream.js';

export type { MarkdownKit } from './text-stream.js';

let loaded: { kit: MarkdownKit | undefined } | undefined;

/**
 * Loads the markdown kit once per process: `marked`'s lexers, and `marked-terminal` for code
 * highlighting. Undefined when the modules cannot be loaded (the REPL then wraps the text as it
 * came): a missing optional nicety is never an error.
 */
export function loadMarkdown(): MarkdownKit | undefined {
  loaded ??= { kit: tryLoad() };
  return loaded.kit;
}

/** The two packages as the bin's build bundled them beside it (code-cached); undefined elsewhere. */
interface VendorMarkdown {
  marked: typeof MarkedModule;
  'marked-terminal': typeof MarkedTerminalModule;
}

function vendor(load: NodeJS.Require): VendorMarkdown | undefined {
  try {
    return load('./harness-markdown.cjs') as VendorMarkdown;
  } catch {
    return undefined;
  }
}

function tryLoad(): MarkdownKit | undefined {
  try {
    // The bin's bundle runs in a vm.Script, where import() of a package outside it is refused.
    const load = createRequire(import.meta.url);
    const bundled = vendor(load);
    const { Marked, Lexer } = bundled?.marked ?? (load('marked') as typeof MarkedModule);
    const { markedTerminal } = bundled?.['marked-terminal'] ?? (load('marked-terminal') as typeof MarkedTerminalModule);
    const lexer = new Marked();
    // Only its code highlighting is used: no indent, no reflow (the REPL lays lines out itself).
    const fences = new Marked(markedTerminal({ width: 1000, reflowText: false, tab: 0, emoji: false }));
    return {
      lex: (markdown) => lexer.lexer(markdown),
      lexInline: (markdown) => Lexer.lexInline(markdown),
      highlight: (code, lang) => {
        const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((r) => r.length));
        const fence = '`'.repeat(longest + 1);
        const out = fences.parse(`${fence}${lang}\n${code}\n${fence}\n`, { async: false });
        return out.replace(/\n+$/, '');
      },
    };
  } catch {
    return undefined;
  }
}
