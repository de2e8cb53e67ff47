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

/** Turns semantic lines into blessed-tagged text; with `plain` (NO_COLOR) only bold/inverse survive. */
export class Theme {
  constructor(readonly plain: boolean) {}

  /** One line, escaped and coloured. */
  line(line: Line): string {
    return this.wrap(TAGS[line.style], escapeTags(line.text));
  }

  /** Text in a named blessed tag (`red-fg`, `bold`...), dropped for colours under NO_COLOR. */
  wrap(tag: string, escaped: string): string {
    if (!tag || (this.plain && tag.endsWith('-fg'))) return escaped;
    return `{${tag}}${escaped}{/${tag}}`;
  }

  /** A blessed `style` object for borders and bars: colours only when allowed. */
  style(fg: string, bg?: string): Record<string, unknown> {
    if (this.plain) return bg ? { inverse: true } : {};
    return bg ? { fg, bg } : { fg };
  }
}
