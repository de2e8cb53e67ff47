import { cacheShare, dollars, tokens } from './format.js';
import type { Activity, ViewState } from './view-state.js';
import { textWidth, truncate } from './wrap.js';

/** `idle`, `thinking 3s`, `running bash 12s` at time `now` (ms). */
export function activityLabel(activity: Activity, now: number): string {
  if (!('since' in activity)) return activity.label;
  return `${activity.label} ${Math.max(0, Math.floor((now - activity.since) / 1000))}s`;
}

/** `~/x` for paths under `home`. */
export function shortRoot(root: string, home: string | undefined): string {
  return home && (root === home || root.startsWith(`${home}/`)) ? `~${root.slice(home.length)}` : root;
}

/**
 * The status bar's text at `width` columns: model, work root, skill count, tokens in/out,
 * cache-read share, cost and activity. The work root gives way first (cut from the left), then the model.
 */
export function statusLine(state: ViewState, now: number, width: number, home?: string): string {
  const t = state.totals;
  const tail = [
    `${state.skillCount} skill${state.skillCount === 1 ? '' : 's'}`,
    `in ${tokens(t.input + t.cacheRead + t.cacheWrite)} out ${tokens(t.output)}`,
    `cache ${cacheShare(t)}`,
    dollars(t.costUsd),
    activityLabel(state.activity, now),
  ].join(' │ ');
  const sep = ' │ ';
  let root = shortRoot(state.workroot, home);
  let model = state.model;
  const room = width - 2 - textWidth(tail) - 2 * sep.length;
  if (textWidth(model) + textWidth(root) > room) {
    const modelWidth = Math.min(textWidth(model), Math.max(10, Math.floor(room / 2)));
    const rootWidth = Math.max(4, room - modelWidth);
    if (textWidth(root) > rootWidth) root = `…${[...root].slice(-(rootWidth - 1)).join('')}`;
    model = truncate(model, Math.max(4, room - textWidth(root)));
  }
  return truncate(` ${model}${sep}${root}${sep}${tail}`, width);
}
