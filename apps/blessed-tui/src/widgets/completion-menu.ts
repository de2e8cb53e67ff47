import blessed from 'blessed';
import type { Widgets } from 'blessed';
import type { Completion } from '../completion.js';
import { escapeTags, sanitize } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { truncate } from '../wrap.js';
import { widest } from './skill-picker.js';

/** Most rows the `/` menu shows; the selection scrolls within them. */
export const MENU_ROWS = 8;

/** The `/` completion menu: rows of `label  description` just above the input. */
export class CompletionMenu {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = blessed.box({
      parent: screen,
      left: 0,
      width: 10,
      height: 1,
      tags: true,
      wrap: false,
      hidden: true,
      style: theme.style('white', 'black'),
    });
  }

  /** Shows `items` with `selected` highlighted, ending just above row `bottom`; hides when empty. */
  render(items: readonly Completion[], selected: number, width: number, bottom: number): void {
    if (!items.length) {
      this.box.hide();
      return;
    }
    const rows = Math.min(MENU_ROWS, items.length);
    const first = Math.max(0, Math.min(selected - rows + 1, items.length - rows));
    const labelWidth = widest(items.map((i) => sanitize(i.label, { multiline: false })));
    const w = Math.min(width, 80);
    const lines = items.slice(first, first + rows).map((item, i) => {
      const text = truncate(
        `${sanitize(item.label, { multiline: false }).padEnd(labelWidth)}  ${sanitize(item.description.split('\n')[0] ?? '', { multiline: false })}`,
        w - 2,
      ).padEnd(w - 2);
      return first + i === selected ? this.theme.wrap('inverse', escapeTags(` ${text} `)) : ` ${escapeTags(text)} `;
    });
    this.box.top = Math.max(0, bottom - rows);
    this.box.height = rows;
    this.box.width = w;
    this.box.setContent(lines.join('\n'));
    this.box.show();
    this.box.setFront();
  }
}
