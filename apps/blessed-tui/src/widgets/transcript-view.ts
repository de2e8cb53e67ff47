import blessed from 'blessed';
import type { Widgets } from 'blessed';
import { layoutTranscript, viewTop, type Layout } from '../layout.js';
import type { Theme } from '../theme.js';
import type { ViewState } from '../view-state.js';

/**
 * The scrollable transcript: lays the state out at the current width and hands blessed only the
 * visible lines (a 5,000-line transcript costs one screen of parsing per frame).
 */
export class TranscriptView {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = blessed.box({ parent: screen, top: 0, left: 0, width: '100%', height: 1, tags: true, wrap: false });
  }

  /** The layout for `state` at `width`, for scroll arithmetic outside a render. */
  static layout(state: ViewState, width: number): Layout {
    return layoutTranscript(state, width);
  }

  /** Draws rows `[0, height)` of the screen from `state`. */
  render(state: ViewState, width: number, height: number): void {
    const layout = layoutTranscript(state, width);
    const visible = state.scroll.follow
      ? layout.tail(height)
      : layout.slice(viewTop(state, layout.total, height), height);
    const lines = visible.map((l) => this.theme.line(l));
    if (state.scroll.newBelow && !state.scroll.follow && height > 1) {
      while (lines.length < height) lines.push('');
      lines[height - 1] = this.theme.wrap('inverse', ' ↓ new output below — PageDown to follow ');
    }
    this.box.top = 0;
    this.box.height = Math.max(1, height);
    this.box.width = width;
    this.box.setContent(lines.join('\n'));
  }
}
