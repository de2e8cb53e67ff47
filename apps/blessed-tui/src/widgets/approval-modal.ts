import blessed from 'blessed';
import type { Widgets } from 'blessed';
import type { ApprovalState } from '../approval-state.js';
import { diffStyle } from '../layout.js';
import { escapeTags, type Theme } from '../theme.js';
import { hardWrap, sanitize } from '../wrap.js';

/** What the modal shows about the call: the diff for file writes, the command for bash, else the input. */
export function previewLines(state: ApprovalState, width: number, theme: Theme): string[] {
  const r = state.request;
  const out: string[] = [];
  const add = (text: string, tag: string) => {
    for (const part of hardWrap(text, width)) out.push(theme.wrap(tag, escapeTags(part)));
  };
  if (r.preview) {
    for (const line of sanitize(r.preview).split('\n')) {
      const style = diffStyle(line);
      add(line, style === 'add' ? 'green-fg' : style === 'del' ? 'red-fg' : style === 'hunk' ? 'cyan-fg' : style === 'dim' ? 'gray-fg' : '');
    }
  } else if (r.tool === 'bash') {
    const command = r.target ?? (r.input as { command?: unknown } | undefined)?.command;
    for (const line of sanitize(String(command ?? '')).split('\n')) add(`$ ${line}`, 'bold');
  } else if (r.input !== undefined) {
    for (const line of sanitize(JSON.stringify(r.input, null, 2) ?? '').split('\n')) add(line, '');
  }
  return out;
}

/** The modal's full content for a box `width` x `height` (inside the border). */
export function approvalContent(state: ApprovalState, width: number, height: number, theme: Theme): string {
  const r = state.request;
  const head = [theme.wrap('bold', escapeTags(sanitize(r.summary)))];
  if (r.target && r.tool !== 'bash') head.push(theme.wrap('gray-fg', escapeTags(sanitize(r.target))));
  head.push('');
  const foot =
    state.phase === 'choose'
      ? ['', `${theme.wrap('bold', '[y]')} once   ${theme.wrap('bold', '[a]')} always (this session)   ${theme.wrap('bold', '[n]')} no   Esc deny`]
      : ['', 'Message for the model (Enter sends, empty for none, Esc denies):', `> ${escapeTags(state.message)}${theme.wrap('inverse', ' ')}`];
  const preview = previewLines(state, width, theme);
  const room = Math.max(1, height - head.length - foot.length);
  const top = Math.min(state.scroll, Math.max(0, preview.length - room));
  let body = preview.slice(top, top + room);
  if (preview.length > room) {
    body = body.slice(0, room - 1);
    body.push(theme.wrap('gray-fg', `… lines ${top + 1}-${top + body.length} of ${preview.length} (Up/Down scroll)`));
  }
  return [...head, ...body, ...foot].join('\n');
}

/** The approval modal: a bordered box over the transcript. */
export class ApprovalModal {
  readonly box: Widgets.BoxElement;

  constructor(screen: Widgets.Screen, private readonly theme: Theme) {
    this.box = blessed.box({ parent: screen, top: 'center', left: 'center', width: 10, height: 5, tags: true, wrap: false, border: { type: 'line' }, hidden: true, padding: { left: 1, right: 1 }, style: { border: theme.style('yellow') } });
  }

  /** Shows `state` sized to the screen, or hides the modal when `state` is undefined. */
  render(state: ApprovalState | undefined, screenWidth: number, screenHeight: number): void {
    if (!state) {
      this.box.hide();
      return;
    }
    const width = Math.max(20, Math.min(screenWidth - 2, 110));
    const wanted = previewLines(state, width - 4, this.theme).length + 9;
    const height = Math.max(8, Math.min(screenHeight - 2, wanted));
    this.box.width = width;
    this.box.height = height;
    this.box.setLabel(` Allow ${state.request.tool}? `);
    this.box.setContent(approvalContent(state, width - 4, height - 2, this.theme));
    this.box.show();
    this.box.setFront();
  }
}
