import blessed from 'blessed';
import type { Widgets } from 'blessed';
import { statusLine } from '../status-line.js';
import { escapeTags } from '../sanitize.js';
import type { Theme } from '../theme.js';
import type { ViewState } from '../view-state.js';

/** The one-row status bar on the last screen row. */
export class StatusView {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = blessed.box({
      parent: screen,
      left: 0,
      width: '100%',
      height: 1,
      tags: true,
      wrap: false,
      style: theme.style('white', 'blue'),
    });
  }

  /** Draws the bar on row `row`. */
  render(state: ViewState, now: number, width: number, row: number, home: string | undefined): void {
    this.box.top = row;
    this.box.width = width;
    const text = statusLine(state, now, width, home);
    this.box.setContent(
      this.theme.plain ? this.theme.wrap('inverse', escapeTags(text.padEnd(width))) : escapeTags(text),
    );
  }
}
