import type { Widgets } from 'blessed';
import type { SessionSummary } from '@coding-harness/protocol';
import { sessionPickerKey, type SessionPick } from '../session-picker.js';
import type { Theme } from '../theme.js';
import { sessionPickerContent } from './session-picker-screen.js';
import { overlayBox } from './overlay-box.js';

/**
 * `/resume` inside the TUI: the work root's sessions in a bordered box over the transcript, with
 * the `--resume` picker's rows and keys. It owns its selection; the app routes keys to it while it
 * is open and acts on the pick (Esc, `q` and Ctrl-C only close it here).
 */
export class SessionsOverlay {
  private sessions: readonly SessionSummary[] | undefined;
  private selected = 0;
  private readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = overlayBox(screen, theme, { label: ' Sessions ' });
  }

  /** True while the list is up. */
  get open(): boolean {
    return this.sessions !== undefined;
  }

  /** Opens the list (most recent first), the first row selected. */
  show(sessions: readonly SessionSummary[]): void {
    this.sessions = sessions;
    this.selected = 0;
  }

  /** Closes the list. */
  close(): void {
    this.sessions = undefined;
  }

  /** One key; the pick when it ended the list (which is then closed), else undefined. */
  key(name: string | undefined, ch: string | undefined): SessionPick | undefined {
    if (!this.sessions) return undefined;
    const r = sessionPickerKey(this.selected, this.sessions, name, ch);
    if (r.type === 'select') {
      this.selected = r.selected;
      return undefined;
    }
    this.close();
    return r.pick;
  }

  /** Draws the box sized to the screen, or hides it when closed. */
  render(screenWidth: number, screenHeight: number, root: string): void {
    if (!this.sessions) {
      this.box.hide();
      return;
    }
    const width = Math.max(30, Math.min(screenWidth - 2, 120));
    const height = Math.max(8, Math.min(screenHeight - 4, this.sessions.length + 6));
    this.box.width = width;
    this.box.height = height;
    this.box.setContent(sessionPickerContent(this.sessions, this.selected, width - 2, height - 2, this.theme, root));
    this.box.show();
    this.box.setFront();
  }
}
