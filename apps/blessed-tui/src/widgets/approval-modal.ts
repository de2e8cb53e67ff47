import type { Widgets } from 'blessed';
import type { ApprovalState, Question } from '../approval-state.js';
import { diffStyle, type Style } from '../layout.js';
import { escapeTags, hasControls, sanitize } from '../sanitize.js';
import type { Theme } from '../theme.js';
import { hardWrap } from '../wrap.js';
import { overlayBox } from './overlay-box.js';

/** Blessed tags of the diff styles in the modal. */
const DIFF_TAGS: Partial<Record<Style, string>> = {
  add: 'green-fg',
  del: 'red-fg',
  hunk: 'magenta-fg',
  dim: 'gray-fg',
};
/** Rows the "always" rule may take below the preview; a longer rule goes at the end of the scrolled part. */
const RULE_ROWS = 3;

/** The modal's text in three parts: fixed rows above, the scrolled body, fixed rows below. */
export interface ApprovalParts {
  head: string[];
  body: string[];
  foot: string[];
}

/**
 * The command a call runs, when it is one: an `exec` call's permission target (what its rules
 * match, e.g. the bash command line). Keyed on the question's `kind`, not on a tool's name.
 */
function commandOf(r: Question): string | undefined {
  return r.kind === 'exec' && r.target !== undefined && r.preview === undefined ? r.target : undefined;
}

/** Each line of `text` after a gutter (`3 │ `), numbered when there are several; a wrapped line continues after `┊`. */
function gutterLines(text: string, width: number, theme: Theme): string[] {
  const lines = sanitize(text.replace(/\n+$/, '')).split('\n');
  const digits = lines.length > 1 ? String(lines.length).length : 0;
  const out: string[] = [];
  lines.forEach((line, i) => {
    const number = digits ? `${String(i + 1).padStart(digits)} ` : '';
    hardWrap(line, Math.max(1, width - number.length - 2)).forEach((part, j) => {
      const gutter = j === 0 ? `${number}│ ` : `${' '.repeat(number.length)}┊ `;
      out.push(theme.wrap('gray-fg', gutter) + theme.wrap('bold', escapeTags(part)));
    });
  });
  return out;
}

/**
 * What the modal shows about the call, every line of it: the tool's preview (a write's diff,
 * coloured), or a command's whole text verbatim behind a numbered gutter (never `$ ` on each line,
 * which would make a heredoc body look like commands), else the input as JSON. Control characters
 * are shown as escapes (`\x1b`, `\r`), never sent to the terminal.
 */
export function previewLines(state: ApprovalState, width: number, theme: Theme): string[] {
  const r = state.request;
  const out: string[] = [];
  if (r.preview) {
    for (const line of sanitize(r.preview.replace(/\n+$/, '')).split('\n')) {
      const tag = DIFF_TAGS[diffStyle(line)] ?? '';
      for (const part of hardWrap(line, width)) out.push(theme.wrap(tag, escapeTags(part)));
    }
  } else if (commandOf(r) !== undefined) {
    out.push(...gutterLines(commandOf(r) ?? '', width, theme));
  } else if (r.input !== undefined) {
    for (const line of sanitize(JSON.stringify(r.input, null, 2) ?? '').split('\n'))
      for (const part of hardWrap(line, width)) out.push(escapeTags(part));
  }
  return out;
}

/** The modal's parts at `width` columns (inside the border and padding). */
export function approvalParts(state: ApprovalState, width: number, theme: Theme): ApprovalParts {
  const r = state.request;
  const one = (text: string): string => sanitize(text, { multiline: false });
  const head = hardWrap(one(r.summary), width).map((part) => theme.wrap('bold', escapeTags(part)));
  const command = commandOf(r);
  if (command !== undefined) {
    const count = command.replace(/\n+$/, '').split('\n').length;
    head.push(
      theme.wrap('gray-fg', `the whole command${count > 1 ? `, ${count} lines` : ''}, exactly as it will run:`),
    );
  } else if (r.target) {
    for (const part of hardWrap(one(r.target), width)) head.push(theme.wrap('gray-fg', escapeTags(part)));
  }
  const raw = [r.summary, r.target ?? '', r.preview ?? ''];
  if (raw.some(hasControls)) {
    for (const part of hardWrap(
      '⚠ this call holds control characters, shown as escapes (\\x1b, \\r, \\u202e): they are really there',
      width,
    ))
      head.push(theme.wrap('magenta-fg', escapeTags(part)));
  }
  head.push('');
  const body = previewLines(state, width, theme);
  const rule = r.alwaysRule
    ? hardWrap(
        `[a] stores this rule for the session: ${one(r.alwaysRule)}${r.alwaysCovers ? ` (${one(r.alwaysCovers)})` : ''}`,
        width,
      )
    : hardWrap('[a] stores no rule for this call: it allows this call only', width);
  const foot = [''];
  if (rule.length <= RULE_ROWS) {
    foot.push(...rule.map((part) => theme.wrap('magenta-fg', escapeTags(part))));
  } else {
    body.push('', ...rule.map((part) => theme.wrap('magenta-fg', escapeTags(part))));
    foot.push(theme.wrap('magenta-fg', '[a] stores a long rule: it is shown at the end (Up/Down scroll)'));
  }
  if (state.phase === 'choose') {
    foot.push(
      `${theme.wrap('bold', '[y]')} once   ${theme.wrap('bold', '[a]')} always (this session)   ${r.alwaysRule ? `${theme.wrap('bold', '[p]')} always (this project)   ` : ''}${theme.wrap('bold', '[n]')} no   Esc deny`,
    );
  } else {
    foot.push(
      'Message for the model (Enter sends, empty for none, Esc denies):',
      `> ${escapeTags(state.message)}${theme.wrap('inverse', ' ')}`,
    );
  }
  return { head, body, foot };
}

/** The modal's full content for a box `width` x `height` (inside the border): the body scrolls when it does not fit. */
export function approvalContent(state: ApprovalState, width: number, height: number, theme: Theme): string {
  const { head, body: preview, foot } = approvalParts(state, width, theme);
  const room = Math.max(1, height - head.length - foot.length);
  const top = Math.min(state.scroll, Math.max(0, preview.length - room));
  let body = preview.slice(top, top + room);
  if (preview.length > room) {
    body = body.slice(0, Math.max(1, room - 1));
    body.push(theme.wrap('gray-fg', `… lines ${top + 1}-${top + body.length} of ${preview.length} (Up/Down scroll)`));
  }
  return [...head, ...body, ...foot].join('\n');
}

/** The approval modal: a bordered box over the transcript. */
export class ApprovalModal {
  readonly box: Widgets.BoxElement;

  constructor(
    screen: Widgets.Screen,
    private readonly theme: Theme,
  ) {
    this.box = overlayBox(screen, theme, { padding: { left: 1, right: 1 } });
  }

  /** Shows `state` sized to the screen, or hides the modal when `state` is undefined. */
  render(state: ApprovalState | undefined, screenWidth: number, screenHeight: number): void {
    if (!state) {
      this.box.hide();
      return;
    }
    const width = Math.max(20, Math.min(screenWidth - 2, 110));
    const parts = approvalParts(state, width - 4, this.theme);
    const wanted = parts.head.length + parts.body.length + parts.foot.length + 2;
    const height = Math.max(8, Math.min(screenHeight - 2, wanted));
    this.box.width = width;
    this.box.height = height;
    this.box.setLabel(` Allow ${escapeTags(sanitize(state.request.tool, { multiline: false }))}? `);
    this.box.setContent(approvalContent(state, width - 4, height - 2, this.theme));
    this.box.show();
    this.box.setFront();
  }
}
