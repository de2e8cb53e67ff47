/**
 * The model's streamed text on the REPL's terminal, a line at a time: a line is drawn as soon as
 * it ends (rendered as markdown, wrapped at words to the width); what needs its whole block waits
 * for the block's end: a code fence until it closes (then highlighted), a table until its last
 * row (then fitted to the width). A line with a `|` waits for the next one, which says whether a
 * table starts. Whatever is left when the message ends is drawn then. Without the markdown kit
 * (it could not load) lines are only wrapped.
 */
import { wrapAnsi } from './ansi-wrap.js';
import type { Colors } from './colors.js';
import { markdownLine } from './markdown-line.js';
import type { MarkdownLexer } from './markdown-line.js';
import { isDelimiterRow, markdownTable, tableCells } from './markdown-table.js';

/** What draws the blocks: `marked`'s lexer and a code highlighter (both from the markdown bundle). */
export interface MarkdownKit extends MarkdownLexer {
  /** A fenced block's code highlighted for `lang` (no fence lines), or undefined when it cannot be. */
  highlight(code: string, lang: string): string | undefined;
}

export interface TextStreamOptions {
  colors: Colors;
  /** The terminal's width now (it may change between lines). */
  width(): number;
  /** The markdown kit once loaded; undefined: plain wrapped lines. */
  kit(): MarkdownKit | undefined;
}

export interface TextStream {
  /** Takes streamed text; returns what is ready to draw ('' while a line or block is still open). */
  push(text: string): string;
  /** The message ended: everything still held, drawn. */
  end(): string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;

/** A line that may be a table row: a `|` outside a code span. */
const mayBeRow = (line: string): boolean => line.includes('|') && tableCells(line).length > 1;

export function createTextStream(opts: TextStreamOptions): TextStream {
  const c = opts.colors;
  let partial = '';
  let fence: { marker: string; lang: string; lines: string[] } | undefined;
  let table: string[] | undefined;
  let maybeHeader: string | undefined;

  const line = (text: string): string => {
    const kit = opts.kit();
    return kit ? markdownLine(text, kit, c, opts.width()) : `${wrapAnsi(text, opts.width()).join('\n')}\n`;
  };
  const drawFence = (f: NonNullable<typeof fence>): string => {
    const code = f.lines.join('\n');
    const lit = c.isColorSupported ? opts.kit()?.highlight(code, f.lang) : undefined;
    const shown = (lit ?? code).replace(/\n+$/, '').split('\n');
    return `${shown.map((l) => `  ${l}`).join('\n')}\n`;
  };
  const drawTable = (rows: string[]): string => {
    const kit = opts.kit();
    return kit ? markdownTable(rows, kit, c, opts.width()) : rows.map(line).join('');
  };

  const take = (text: string): string => {
    if (fence) {
      const close = FENCE.exec(text);
      if (close && close[1]![0] === fence.marker[0] && close[1]!.length >= fence.marker.length && close[2] === '') {
        const done = drawFence(fence);
        fence = undefined;
        return done;
      }
      fence.lines.push(text);
      return '';
    }
    let out = '';
    if (table) {
      if (mayBeRow(text)) {
        table.push(text);
        return '';
      }
      out += drawTable(table);
      table = undefined;
    }
    if (maybeHeader !== undefined) {
      const header = maybeHeader;
      maybeHeader = undefined;
      if (isDelimiterRow(text) && tableCells(text).length === tableCells(header).length) {
        table = [header, text];
        return out;
      }
      out += line(header);
    }
    const open = FENCE.exec(text);
    if (open) {
      fence = { marker: open[1]!, lang: open[2] ?? '', lines: [] };
      return out;
    }
    if (mayBeRow(text)) {
      maybeHeader = text;
      return out;
    }
    return out + line(text);
  };

  return {
    push(text) {
      partial += text;
      let out = '';
      for (let nl = partial.indexOf('\n'); nl >= 0; nl = partial.indexOf('\n')) {
        out += take(partial.slice(0, nl).replace(/\r$/, ''));
        partial = partial.slice(nl + 1);
      }
      // A table whose rows start with `|` ends as soon as a line starts otherwise.
      const next = partial.trimStart();
      if (table && next !== '' && table[0]?.trimStart().startsWith('|') && !next.startsWith('|')) {
        out += drawTable(table);
        table = undefined;
      }
      return out;
    },
    end() {
      let out = partial !== '' ? take(partial) : '';
      partial = '';
      if (maybeHeader !== undefined) out += line(maybeHeader);
      if (table) out += drawTable(table);
      // An unclosed fence is still code.
      if (fence) out += drawFence(fence);
      maybeHeader = undefined;
      table = undefined;
      fence = undefined;
      return out;
    },
  };
}
