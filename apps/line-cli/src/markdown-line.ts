/**
 * One line of the model's markdown for the REPL's screen, drawn as soon as the line ends: a
 * heading, a list item, a quote, a rule or a line of a paragraph, its inline marks (bold, italic,
 * code, links, strike-through) as styles, wrapped at words to the terminal's width with a hanging
 * indent. `marked`'s lexer reads the markdown (loaded with the rest of the markdown kit); the
 * drawing is here, so a list item keeps its inline styles and an ordered item its own number.
 * Without colours (`NO_COLOR`) the structure stays and code keeps its backticks.
 */
import type { Token, Tokens } from 'marked';
import { wrapAnsi } from './ansi-wrap.js';
import type { Colors } from './colors.js';

/** What the drawing needs of `marked`: its block and inline lexers. */
export interface MarkdownLexer {
  lex(markdown: string): Token[];
  lexInline(markdown: string): Token[];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const entities = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_m, e: string) => ENTITIES[e] ?? _m);

/** Inline tokens as styled text. */
export function inlineText(tokens: readonly Token[] | undefined, c: Colors): string {
  let out = '';
  for (const t of tokens ?? []) out += inlineToken(t, c);
  return out;
}

function inlineToken(t: Token, c: Colors): string {
  switch (t.type) {
    case 'text':
      return 'tokens' in t && t.tokens ? inlineText(t.tokens, c) : entities(t.text);
    case 'escape':
      return t.text;
    case 'strong':
      return c.bold(inlineText(t.tokens, c));
    case 'em':
      return c.italic(inlineText(t.tokens, c));
    case 'del':
      return c.strikethrough(inlineText(t.tokens, c));
    case 'codespan':
      // Without colours the backticks are what marks it as code.
      return c.isColorSupported ? c.yellow(entities(t.text)) : `\`${entities(t.text)}\``;
    case 'br':
      return '\n';
    case 'link': {
      const link = t as Tokens.Link;
      const label = inlineText(link.tokens, c);
      return link.text === link.href ? c.underline(c.blue(link.href)) : `${c.blue(label)} (${c.underline(link.href)})`;
    }
    case 'image':
      return `[image: ${(t as Tokens.Image).text}] (${(t as Tokens.Image).href})`;
    default:
      return 'raw' in t ? t.raw : '';
  }
}

/** Leading spaces (a tab counts 2): the line's own indent, kept on every row it wraps to. */
function indentOf(line: string): { indent: string; body: string } {
  const m = /^[ \t]*/.exec(line)?.[0] ?? '';
  return { indent: ' '.repeat(m.replace(/\t/g, '  ').length), body: line.slice(m.length) };
}

/**
 * One finished line as screen rows (joined with line breaks, a line break at the end), at most
 * `width` columns each. A blank line is one empty row.
 */
export function markdownLine(line: string, lexer: MarkdownLexer, c: Colors, width: number): string {
  const { indent, body } = indentOf(line);
  if (body.trim() === '') return '\n';
  const block = lexer.lex(body).find((t) => t.type !== 'space');
  const rows = block ? blockRows(block, indent, c, width) : wrapAnsi(body, width, indent);
  return `${rows.join('\n')}\n`;
}

function blockRows(t: Token, indent: string, c: Colors, width: number): string[] {
  switch (t.type) {
    case 'heading':
      return wrapAnsi(c.bold(c.green(inlineText(t.tokens, c))), width, indent);
    case 'paragraph':
      return wrapAnsi(inlineText(t.tokens, c), width, indent);
    case 'list': {
      const list = t as Tokens.List;
      const item = list.items[0];
      if (!item) return [];
      const mark = list.ordered ? `${list.start === '' ? 1 : list.start}.` : '•';
      const box = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
      const text = inlineText(
        item.tokens.filter((x) => x.type !== 'checkbox').flatMap((x) => ('tokens' in x && x.tokens ? x.tokens : [x])),
        c,
      );
      const head = `${indent}${c.cyan(mark)} `;
      return wrapAnsi(`${box}${text}`, width, head, ' '.repeat(indent.length + mark.length + 1));
    }
    case 'blockquote': {
      const text = inlineText(
        (t as Tokens.Blockquote).tokens.flatMap((x) => ('tokens' in x && x.tokens ? x.tokens : [x])),
        c,
      );
      const bar = `${indent}${c.dim('│')} `;
      return wrapAnsi(c.italic(text), width, bar);
    }
    case 'hr':
      return [`${indent}${c.dim('─'.repeat(Math.max(3, Math.min(width - indent.length, 80))))}`];
    default:
      return wrapAnsi('raw' in t ? t.raw.replace(/\n+$/, '') : '', width, indent);
  }
}
