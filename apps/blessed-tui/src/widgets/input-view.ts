import blessed from 'blessed';
import type { Widgets } from 'blessed';
import type { InputState } from '../input-state.js';
import { escapeTags } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { textWidth } from '@coding-harness/session/text-width';
import { hardWrap, truncate } from '../wrap.js';

/** Most input rows shown at once; longer input scrolls to keep the cursor visible. */
export const MAX_INPUT_ROWS = 8;

const PLACEHOLDER = 'message, / for commands, /skills to pick a skill';

/**
 * The input's screen rows: a rule (carrying `hint`, if any) then the text with a drawn cursor.
 * Pure, for tests; `rows.length - 1` is the number of text rows shown.
 */
export function inputRows(
  input: InputState,
  width: number,
  theme: Theme,
  hint: string,
  showPlaceholder: boolean,
): string[] {
  const label = hint ? `─ ${truncate(hint, Math.max(1, width - 4))} ` : '';
  const rule = theme.wrap(
    hint ? 'magenta-fg' : 'gray-fg',
    escapeTags(label + '─'.repeat(Math.max(0, width - textWidth(label)))),
  );
  const inner = Math.max(2, width - 3);
  const rows: string[] = [];
  let cursorRow = 0;
  let offset = 0;
  const lines = input.text.split('\n');
  lines.forEach((line, li) => {
    const pieces = hardWrap(line, inner);
    let start = offset;
    pieces.forEach((piece, pi) => {
      const prefix = li === 0 && pi === 0 ? '› ' : '  ';
      const end = start + piece.length;
      const last = pi === pieces.length - 1;
      const here = input.cursor >= start && (input.cursor < end || (last && input.cursor === end));
      if (here) {
        cursorRow = rows.length;
        const at = input.cursor - start;
        const ch = piece.slice(at, at + 1) || ' ';
        const after =
          input.text.length === 0 && showPlaceholder
            ? theme.wrap('gray-fg', escapeTags(PLACEHOLDER))
            : escapeTags(piece.slice(at + 1));
        rows.push(prefix + escapeTags(piece.slice(0, at)) + theme.wrap('inverse', escapeTags(ch)) + after);
      } else {
        rows.push(prefix + escapeTags(piece));
      }
      start = end;
    });
    offset += line.length + 1;
  });
  const first = Math.max(0, Math.min(cursorRow - MAX_INPUT_ROWS + 1, rows.length - MAX_INPUT_ROWS));
  return [rule, ...rows.slice(first, first + MAX_INPUT_ROWS)];
}

/** The multi-line input box at the bottom, above the status bar. */
export class InputView {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = blessed.box({ parent: screen, left: 0, width: '100%', height: 2, tags: true, wrap: false });
  }

  /** Draws the input ending just above row `bottom`; returns the rows it took (rule included). */
  render(input: InputState, width: number, bottom: number, hint: string, showPlaceholder: boolean): number {
    const rows = inputRows(input, width, this.theme, hint, showPlaceholder);
    this.box.top = Math.max(0, bottom - rows.length);
    this.box.height = rows.length;
    this.box.width = width;
    this.box.setContent(rows.join('\n'));
    return rows.length;
  }
}
