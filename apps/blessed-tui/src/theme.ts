import type { Line, Style } from './layout.js';
import { escapeTags } from './sanitize.js';

/** True when colours must not be used: `NO_COLOR` set to a non-empty value (no-color.org). */
export function noColor(env: Record<string, string | undefined>): boolean {
  return Boolean(env.NO_COLOR);
}

/**
 * Colours that read on dark AND light backgrounds with the terminal's default palette: red, green,
 * magenta, bright blue and gray. Plain blue (SGR 34) is close to unreadable on black, and yellow
 * and cyan are close to unreadable on white, so none of those colours text. Code blocks keep the
 * default colour (their gutter sets them apart).
 */
export const TAGS: Readonly<Record<Style, string>> = {
  plain: '',
  user: 'bold',
  assistant: '',
  code: '',
  fence: 'gray-fg',
  thinking: 'gray-fg',
  tool: 'light-blue-fg',
  toolError: 'red-fg',
  output: '',
  approval: 'magenta-fg',
  notice: 'magenta-fg',
  error: 'red-fg',
  info: '',
  dim: 'gray-fg',
  add: 'green-fg',
  del: 'red-fg',
  hunk: 'magenta-fg',
  heading: 'bold',
  strong: 'bold',
};

/**
 * Tags swapped on a terminal with fewer than 16 colours (TERM=screen in a default tmux): blessed
 * folds the bright colours onto the basic eight there, so bright blue would be plain blue again
 * (hard to read on dark backgrounds) and gray would be black (invisible on them). Tool lines are
 * bold in the terminal's own colour instead, and gray text takes the terminal's own colour.
 */
const FEW_COLOURS: Readonly<Record<string, string>> = { 'light-blue-fg': 'bold', 'gray-fg': '' };

/**
 * Turns semantic lines into blessed-tagged text; with `plain` (NO_COLOR) only bold/inverse
 * survive. `colours` is what the terminal supports (terminfo `colors`; default 256).
 */
export class Theme {
  private readonly swap: Readonly<Record<string, string>>;

  constructor(
    readonly plain: boolean,
    colours = 256,
  ) {
    this.swap = colours < 16 ? FEW_COLOURS : {};
  }

  /** One line, escaped and coloured (span by span when it has spans). */
  line(line: Line): string {
    if (line.spans) return line.spans.map((s) => this.wrap(TAGS[s.style], escapeTags(s.text))).join('');
    return this.wrap(TAGS[line.style], escapeTags(line.text));
  }

  /** Text in a named blessed tag (`red-fg`, `bold`...), dropped for colours under NO_COLOR. */
  wrap(named: string, escaped: string): string {
    if (this.plain && named.endsWith('-fg')) return escaped;
    const tag = this.swap[named] ?? named;
    if (!tag) return escaped;
    return `{${tag}}${escaped}{/${tag}}`;
  }

  /** A blessed `style` object for borders and bars: colours only when allowed. */
  style(fg: string, bg?: string): Record<string, unknown> {
    if (this.plain) return bg ? { inverse: true } : {};
    return bg ? { fg, bg } : { fg };
  }
}
