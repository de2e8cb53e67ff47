import type { Line, Style } from './layout.js';
import { escapeTags } from './sanitize.js';

/** True when colours must not be used: `NO_COLOR` set to a non-empty value (no-color.org). */
export function noColor(env: Record<string, string | undefined>): boolean {
  return Boolean(env.NO_COLOR);
}

const TAGS: Record<Style, string> = {
  plain: '',
  user: 'bold',
  assistant: '',
  code: 'cyan-fg',
  fence: 'gray-fg',
  thinking: 'gray-fg',
  // Bright blue: plain blue (SGR 34) is close to unreadable on dark backgrounds.
  tool: 'light-blue-fg',
  toolError: 'red-fg',
  output: '',
  approval: 'yellow-fg',
  notice: 'yellow-fg',
  error: 'red-fg',
  info: '',
  dim: 'gray-fg',
  add: 'green-fg',
  del: 'red-fg',
  hunk: 'cyan-fg',
};

/**
 * Tags swapped on a terminal with fewer than 16 colours (TERM=screen in a default tmux): blessed
 * folds the bright colours onto the basic eight there, so bright blue would be plain blue again
 * (hard to read on dark backgrounds) and gray would be black (invisible on them). Tool lines take
 * cyan instead, and gray text the terminal's own colour.
 */
const FEW_COLOURS: Readonly<Record<string, string>> = { 'light-blue-fg': 'cyan-fg', 'gray-fg': '' };

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

  /** One line, escaped and coloured. */
  line(line: Line): string {
    return this.wrap(TAGS[line.style], escapeTags(line.text));
  }

  /** Text in a named blessed tag (`red-fg`, `bold`...), dropped for colours under NO_COLOR. */
  wrap(named: string, escaped: string): string {
    const tag = this.swap[named] ?? named;
    if (!tag || (this.plain && tag.endsWith('-fg'))) return escaped;
    return `{${tag}}${escaped}{/${tag}}`;
  }

  /** A blessed `style` object for borders and bars: colours only when allowed. */
  style(fg: string, bg?: string): Record<string, unknown> {
    if (this.plain) return bg ? { inverse: true } : {};
    return bg ? { fg, bg } : { fg };
  }
}
