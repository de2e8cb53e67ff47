/**
 * Markdown for the REPL's screen: `marked` with `marked-terminal` (headings, emphasis, lists,
 * tables, code fences highlighted). Both are loaded on first use only, because importing them
 * costs about 130 ms (cli-highlight carries every highlight.js grammar): a `-p` run
 * or a REPL session that never prints model text never loads them. The bin keeps them out of its
 * bundle for the same reason, in a vendor bundle of their own beside it that runs through its
 * own code cache (`dist/bin/harness-markdown.cjs`, about 35 ms on first use instead of about 90). They are loaded with `require` (Node 20.19+ loads the ESM-only
 * marked-terminal that way, silently); a Node that cannot gets the text as the model wrote it.
 */
import { createRequire } from 'node:module';
import type * as MarkedModule from 'marked';
import type * as MarkedTerminalModule from 'marked-terminal';

/** Renders one finished markdown block (or several) to terminal text ending in one line break. */
export type MarkdownRender = (markdown: string) => string;

let loaded: { render: MarkdownRender | undefined } | undefined;

/**
 * Loads the renderer once per process for a screen `width` columns wide. Undefined when the
 * modules cannot be loaded (the REPL then prints the text as it came): a missing optional nicety
 * is never an error.
 */
export function loadMarkdown(width: number): MarkdownRender | undefined {
  loaded ??= { render: tryLoad(width) };
  return loaded.render;
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

function tryLoad(width: number): MarkdownRender | undefined {
  try {
    // The bin's bundle runs in a vm.Script, where import() of a package outside it is refused.
    const load = createRequire(import.meta.url);
    const bundled = vendor(load);
    const { Marked } = bundled?.marked ?? (load('marked') as typeof MarkedModule);
    const { markedTerminal } = bundled?.['marked-terminal'] ?? (load('marked-terminal') as typeof MarkedTerminalModule);
    const marked = new Marked(
      markedTerminal({ width: Math.max(20, width - 2), reflowText: false, tab: 2, emoji: false }),
    );
    return (markdown: string): string => {
      const out = marked.parse(markdown, { async: false });
      return `${out.replace(/\s+$/, '')}\n`;
    };
  } catch {
    return undefined;
  }
}

/** True for a line opening or closing a code fence. */
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Where the finished blocks of streamed markdown end: the index just after the last blank line
 * that is outside a code fence, among complete lines only (0: nothing finished yet). Text is
 * rendered a block at a time, never per delta, so a fence or a list is never drawn half-parsed.
 */
export function finishedBlocks(text: string): number {
  let end = 0;
  let inFence = false;
  let at = 0;
  for (;;) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return end;
    const line = text.slice(at, nl);
    if (FENCE.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === '' && at > 0) end = nl + 1;
    at = nl + 1;
  }
}
