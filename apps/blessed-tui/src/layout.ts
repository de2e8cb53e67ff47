import type { Item, ViewState } from './view-state.js';
import { sanitize } from './sanitize.js';
import { markdownLines } from './markdown.js';
import { liveLines } from './live-output.js';
import { named } from './threads.js';
import { collapsedPreview, commandOutput, type Preview } from './tool-preview.js';
import { textWidth } from '@coding-harness/session/text-width';
import { hardWrap, truncate, wrapLine } from './wrap.js';

export type { Line, Span, Style } from './lines.js';
import type { Line, Style } from './lines.js';

/** Lines of an expanded tool result shown at its start and at its end when it is longer than both. */
export const EXPANDED_HEAD_LINES = 200;
export const EXPANDED_TAIL_LINES = 200;

const cache = new WeakMap<Item, { width: number; lines: readonly Line[] }>();

/** The lines of one item at `width`; memoised per (item, width), items being immutable. */
export function itemLines(item: Item, width: number): readonly Line[] {
  const hit = cache.get(item);
  if (hit && hit.width === width) return hit.lines;
  const lines = layoutItem(item, Math.max(4, width));
  cache.set(item, { width, lines });
  return lines;
}

function layoutItem(item: Item, width: number): Line[] {
  switch (item.kind) {
    case 'user':
      return [{ text: '', style: 'plain' }, ...prefixed(item.text, width, '› ', '  ', 'user')];
    case 'assistant':
      return markdown(item.text, width);
    case 'thinking':
      return item.expanded
        ? prefixed(`${item.text.replace(/\s+$/, '')}\n(Ctrl-T collapses)`, width, '∴ ', '  ', 'thinking')
        : [thinkingLine(item.text, width, 'first')];
    case 'notice':
      return prefixed(item.text, width, '· ', '  ', 'notice');
    case 'error':
      return prefixed(item.text, width, '✗ ', '  ', 'error');
    case 'info':
      return prefixed(item.text, width, '', '', 'info');
    case 'turn':
      return prefixed(item.text, width, '  ', '  ', item.failed ? 'error' : 'dim');
    case 'tool':
      return toolLines(item, width);
  }
}

function toolLines(t: Extract<Item, { kind: 'tool' }>, width: number): Line[] {
  const head = `● ${named(t.name, t.summary)}${t.forced ? ' (forced)' : ''}`;
  const lines = prefixed(head, width, '', '  ', t.state === 'error' ? 'toolError' : 'tool');
  if (t.approval) lines.push(...prefixed(t.approval, width, '  ? ', '    ', 'approval'));
  // A subagent's calls, dim, indented under the call it runs under.
  for (const n of t.nested ?? [])
    lines.push(...prefixed(sanitize(n, { multiline: false }), width, '    ↳ ', '      ', 'dim'));
  if (t.state === 'running') return [...lines, ...runningLines(t, width)];
  // A write's own diff (the whole change, a new file's lines) rather than the snippet the model got.
  const content = sanitize(t.diff ?? t.content).replace(/\n+$/, '');
  const preview = t.expanded ? undefined : collapsedPreview(t, content);
  const folded = preview ? preview.hidden > 0 : content.trim() !== t.display.trim();
  const more = content && folded && !t.expanded ? '  (Ctrl-O expands)' : '';
  lines.push(
    ...prefixed(
      `${t.display || (t.state === 'error' ? 'failed' : 'done')}${more}`,
      width,
      '  ⎿ ',
      '    ',
      t.state === 'error' ? 'error' : 'dim',
    ),
  );
  if (preview) lines.push(...previewLines(preview, width));
  if (t.expanded && content) lines.push(...expandedLines(t, content, width));
  return lines;
}

/**
 * An expanded result: all of it, or when it is long its first and last lines with the count of
 * the lines between, counted over everything the call printed (the model's copy of a long output
 * has its middle cut out); when not all is here, how to see it (Ctrl-O again opens the viewer).
 */
function expandedLines(t: Extract<Item, { kind: 'tool' }>, content: string, width: number): Line[] {
  const all = content.split('\n');
  const line = (raw: string): Line[] => {
    const style = t.diff !== undefined ? diffStyle(raw) : 'output';
    return hardWrap(raw, width - 4).map((part) => ({ text: `    ${part}`, style }));
  };
  const printed = t.printedLines ?? 0;
  const count = (n: number): string => n.toLocaleString('en-US');
  if (all.length <= EXPANDED_HEAD_LINES + EXPANDED_TAIL_LINES) {
    const out = all.flatMap(line);
    // Shorter than what was printed: the model got the start and the end.
    if (printed > commandOutput(content).length)
      out.push({ text: `    (${count(printed)} lines printed in all · Ctrl-O again shows every one)`, style: 'dim' });
    return out;
  }
  // Lines of the result that are not output (a command's `Exit code N.`) are shown, not printed.
  const notOutput = all.length - commandOutput(content).length;
  const hidden = Math.max(all.length, printed + notOutput) - EXPANDED_HEAD_LINES - EXPANDED_TAIL_LINES;
  return [
    ...all.slice(0, EXPANDED_HEAD_LINES).flatMap(line),
    { text: `    … ${count(hidden)} lines not shown here · Ctrl-O again shows every one`, style: 'dim' },
    ...all.slice(-EXPANDED_TAIL_LINES).flatMap(line),
  ];
}

/** True when an expanded result does not show all the call printed (Ctrl-O then opens the viewer). */
export function hasHiddenLines(t: Extract<Item, { kind: 'tool' }>): boolean {
  const content = sanitize(t.diff ?? t.content).replace(/\n+$/, '');
  const lines = content.split('\n').length;
  return lines > EXPANDED_HEAD_LINES + EXPANDED_TAIL_LINES || (t.printedLines ?? 0) > commandOutput(content).length;
}

/**
 * A running call: how long it has run (whole seconds, ticking while the turn runs) and, as its
 * output arrives, its last lines, each cut to one row, after the count of earlier ones. Nothing
 * before its first second or output (a quick call does not flicker), nor while it waits for a question.
 */
function runningLines(t: Extract<Item, { kind: 'tool' }>, width: number): Line[] {
  const seconds = t.seconds ?? 0;
  if ((!t.live && seconds < 1) || t.approval === 'waiting for approval') return [];
  const head = prefixed(`running · ${clock(seconds)}`, width, '  ⎿ ', '    ', 'dim');
  if (!t.live) return head;
  const { lines, hidden } = liveLines(t.live);
  const shown = lines.map((l) => sanitize(l, { multiline: false }));
  return [...head, ...previewLines({ lines: shown, hidden, cut: 'tail', diff: false }, width)];
}

/** `12s`, `1m05s`. */
export function clock(seconds: number): string {
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** A collapsed result's preview, one row per line (cut to the width), with the count of the lines left out. */
function previewLines(p: Preview, width: number): Line[] {
  const count: Line = {
    text: `    … ${p.hidden.toLocaleString('en-US')} ${p.cut === 'tail' ? 'earlier' : 'more'} line${p.hidden === 1 ? '' : 's'}`,
    style: 'dim',
  };
  const rows = (l: string): string[] => (p.wrap ? wrapLine(l, width - 4) : [truncate(l, width - 4)]);
  const shown = p.lines.flatMap((l) =>
    rows(l).map((row): Line => ({ text: `    ${row}`, style: p.diff ? diffStyle(l) : 'output' })),
  );
  if (p.hidden === 0) return shown;
  return p.cut === 'tail' ? [count, ...shown] : [...shown, count];
}

/**
 * Thinking folded to one dim line: its `first` line (a finished block) or its `last` (a block
 * still streaming, so the line shows progress), cut to fit, and how many lines Ctrl-T opens.
 */
export function thinkingLine(text: string, width: number, which: 'first' | 'last'): Line {
  const lines = sanitize(text)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const shown = (which === 'first' ? lines[0] : lines.at(-1)) ?? '';
  const more =
    lines.length > 1 || textWidth(shown) > width - 2
      ? `  (Ctrl-T: ${lines.length} line${lines.length === 1 ? '' : 's'})`
      : '';
  const room = Math.max(1, width - 2 - textWidth(more));
  return { text: `∴ ${truncate(shown || 'thinking', room)}${more}`, style: 'thinking' };
}

/** The style of one unified-diff line (for previews and edit results). */
export function diffStyle(line: string): Style {
  if (line.startsWith('+++') || line.startsWith('---')) return 'dim';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  if (line.startsWith('@@')) return 'hunk';
  return 'output';
}

function prefixed(text: string, width: number, first: string, rest: string, style: Style): Line[] {
  const out: Line[] = [];
  const inner = width - Math.max(first.length, rest.length);
  for (const line of sanitize(text).split('\n')) {
    for (const part of wrapLine(line, inner)) {
      out.push({ text: (out.length === 0 ? first : rest) + part, style });
    }
  }
  return out;
}

/** A message waiting for the running turn to end: dim, under everything, saying so. */
function queuedLines(text: string, width: number): Line[] {
  return [
    { text: '', style: 'plain' },
    ...prefixed(text, width, '› ', '  ', 'dim'),
    ...prefixed(
      'queued: sent when this turn ends (Esc cancels the turn and puts it back in the input)',
      width,
      '  ',
      '  ',
      'notice',
    ),
  ];
}

/** Assistant text as screen lines (see `markdownLines`): sanitized first, so escapes are shown as text. */
export function markdown(text: string, width: number): Line[] {
  return markdownLines(sanitize(text), width);
}

/**
 * The transcript laid out at one width. Lazy: `tail` touches only the last items (following the
 * output costs one screen, however long the transcript); `total` and `slice` lay out what they need.
 */
export interface Layout {
  readonly total: number;
  slice(top: number, height: number): Line[];
  /** The last `height` lines. */
  tail(height: number): Line[];
}

/** Lays out items (memoised) plus the live streaming buffers (not memoised: they change every frame). */
export function layoutTranscript(
  state: Pick<ViewState, 'items' | 'streaming' | 'thinking'> & { queued?: readonly string[] },
  width: number,
): Layout {
  const live: (readonly Line[])[] = [];
  if (state.thinking) live.push([thinkingLine(state.thinking, width, 'last')]);
  if (state.streaming) live.push(markdown(state.streaming, width));
  for (const text of state.queued ?? []) live.push(queuedLines(text, width));
  const count = state.items.length + live.length;
  const block = (i: number): readonly Line[] =>
    i < state.items.length ? itemLines(state.items[i] as Item, width) : (live[i - state.items.length] as Line[]);
  let total: number | undefined;
  return {
    get total(): number {
      if (total === undefined) {
        total = 0;
        for (let i = 0; i < count; i++) total += block(i).length;
      }
      return total;
    },
    slice(top: number, height: number): Line[] {
      const out: Line[] = [];
      let skip = Math.max(0, top);
      for (let i = 0; i < count && out.length < height; i++) {
        const b = block(i);
        if (skip >= b.length) {
          skip -= b.length;
          continue;
        }
        for (let j = skip; j < b.length && out.length < height; j++) out.push(b[j] as Line);
        skip = 0;
      }
      return out;
    },
    tail(height: number): Line[] {
      const out: Line[] = [];
      for (let i = count - 1; i >= 0 && out.length < height; i--) {
        const b = block(i);
        for (let j = b.length - 1; j >= 0 && out.length < height; j--) out.push(b[j] as Line);
      }
      return out.reverse();
    },
  };
}

/** The first visible line for the state's scroll mode. */
export function viewTop(state: Pick<ViewState, 'scroll'>, total: number, height: number): number {
  const bottom = Math.max(0, total - height);
  return state.scroll.follow ? bottom : Math.min(state.scroll.top, bottom);
}
