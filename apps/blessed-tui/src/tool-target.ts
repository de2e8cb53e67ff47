import { itemLines, layoutTranscript, viewTop } from './layout.js';
import type { Item, ViewState } from './view-state.js';

/** What Ctrl-O toggles: a tool call by id (and a new scroll top, to keep it on screen), or the latest when `id` is absent. */
export interface ToolTarget {
  id?: string;
  top?: number;
}

/** What Ctrl-T toggles: a thinking block by its index in `items` (and a new scroll top), or the latest when `index` is absent. */
export interface ThinkingTarget {
  index?: number;
  top?: number;
}

/**
 * The item of `kind` a toggle key acts on, for the transcript window `height` lines high at
 * `width`: the lowest such item whose first line is on screen (following the output, that is the
 * latest one); else, when the window lies inside an expanded one, that item (the view then moves
 * to its first line, since collapsing it removes the lines on screen); else none (the latest).
 */
function target(state: ViewState, width: number, height: number, kind: Item['kind']): { index?: number; top?: number } {
  const top = viewTop(state, layoutTranscript(state, width).total, height);
  const bottom = top + height;
  let line = 0;
  let onScreen: number | undefined;
  let around: { index: number; start: number } | undefined;
  for (const [index, item] of state.items.entries()) {
    if (line >= bottom) break;
    const size = itemLines(item, width).length;
    if (item.kind === kind) {
      if (line >= top) onScreen = index;
      else if (line + size > top) around = { index, start: line };
    }
    line += size;
  }
  if (onScreen !== undefined) return { index: onScreen };
  if (around) return { index: around.index, top: around.start };
  return {};
}

/** The tool call Ctrl-O acts on (see `target`). */
export function toolTarget(state: ViewState, width: number, height: number): ToolTarget {
  const found = target(state, width, height, 'tool');
  const item = found.index === undefined ? undefined : state.items[found.index];
  if (item?.kind !== 'tool') return {};
  return found.top === undefined ? { id: item.id } : { id: item.id, top: found.top };
}

/** The thinking block Ctrl-T acts on (see `target`). */
export function thinkingTarget(state: ViewState, width: number, height: number): ThinkingTarget {
  return target(state, width, height, 'thinking');
}
