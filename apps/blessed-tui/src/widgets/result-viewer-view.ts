import blessed from 'blessed';
import type { Widgets } from 'blessed';
import { viewerFrame, type ViewerState } from '../result-viewer.js';
import { escapeTags } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { truncate } from '../wrap.js';

/**
 * The whole-result viewer over the whole screen: the call's line on top (bold), the numbered
 * rows, the lines shown and the keys at the bottom (dim). Hidden when no viewer is open.
 */
export class ResultViewerView {
  private readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = blessed.box({
      parent: screen,
      top: 0,
      left: 0,
      width: 10,
      height: 5,
      tags: true,
      wrap: false,
      hidden: true,
    });
  }

  render(viewer: ViewerState | undefined, width: number, height: number): void {
    if (!viewer) {
      this.box.hide();
      return;
    }
    const frame = viewerFrame(viewer, width, height);
    const rows = frame.rows.map((r) => escapeTags(truncate(r, width)));
    while (rows.length < height - 2) rows.push('');
    const title = this.theme.wrap('bold', escapeTags(truncate(frame.title, width)));
    const footer = this.theme.wrap('gray-fg', escapeTags(truncate(frame.footer, width)));
    this.box.width = width;
    this.box.height = height;
    this.box.setContent([title, ...rows, footer].join('\n'));
    this.box.show();
    this.box.setFront();
  }
}
