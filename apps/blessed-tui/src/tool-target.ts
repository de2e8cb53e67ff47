import { itemLines, layoutTranscript, viewTop } from './layout.js';
import type { ViewState } from './view-state.js';

/** What Ctrl-O toggles: a tool call by id (and a new scroll top, to keep it on screen), or the latest when `id` is absent. */
export interface ToolTarget {
  id?: string;
  top?: number;
}

/**
 * The tool call Ctrl-O acts on, for the transcript window `height` lines high at `width`: the
 * lowest tool call whose first line is on screen (following the output, that is the latest one);
 * else, when the window lies inside an expanded result, that call (the view then moves to its
 * first line, since collapsing it removes the lines on screen); else the latest tool call.
 */
export function toolTarget(state: ViewState, width: number, height: number): ToolTarget {
  const top = viewTop(state, layoutTranscript(state, width).total, height);
  const bottom = top + height;
  let line = 0;
  let onScreen: string | undefined;
  let around: { id: string; start: number } | undefined;
  for (const item of state.items) {
    if (line >= bottom) break;
    const size = itemLines(item, width).length;
    if (item.kind === 'tool') {
      if (line >= top) onScreen = item.id;
      else if (line + size > top) around = { id: item.id, start: line };
    }
    line += size;
  }
  if (onScreen !== undefined) return { id: onScreen };
  if (around) return { id: around.id, top: around.start };
  return {};
}
