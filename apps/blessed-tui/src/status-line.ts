import { addUsage } from '@coding-harness/model';
import { modeIndicator } from '@coding-harness/session';
import { cacheShare, dollars, tokens } from './format.js';
import type { Activity, ViewState } from './view-state.js';
import { sanitize } from './sanitize.js';
import { textWidth } from '@coding-harness/session/text-width';
import { truncate } from './wrap.js';

/** `idle`, `thinking 3s`, `running bash 12s` at time `now` (ms); a wait with `until` counts down: `retrying (1/5) in 3s`. */
export function activityLabel(activity: Activity, now: number): string {
  if (!('since' in activity)) return activity.label;
  if (activity.until !== undefined)
    return `${activity.label} in ${Math.max(0, Math.ceil((activity.until - now) / 1000))}s`;
  return `${activity.label} ${Math.max(0, Math.floor((now - activity.since) / 1000))}s`;
}

/** `~/x` for paths under `home`. */
export function shortRoot(root: string, home: string | undefined): string {
  return home && (root === home || root.startsWith(`${home}/`)) ? `~${root.slice(home.length)}` : root;
}

/** The fewest columns the model id is squeezed to; below that, fields are dropped instead. */
export const MIN_MODEL = 14;
/** The fewest columns the work root is squeezed to (cut from the left); below that, fields are dropped. */
export const MIN_ROOT = 12;

type Field = 'model' | 'root' | 'skills' | 'tokens' | 'cache' | 'cost' | 'mode' | 'activity';
/** Fields leave the bar in this order when it is too narrow; the mode and the activity always stay. */
export const DROP_ORDER: readonly Field[] = ['cache', 'skills', 'tokens', 'cost', 'root', 'model'];
const SEP = ' │ ';

function cutLeft(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  let out = '';
  for (let i = chars.length - 1; i >= 0 && textWidth(chars[i]! + out) <= width - 1; i--) out = chars[i]! + out;
  return `…${out}`;
}

/**
 * The status bar's text at `width` columns: model, work root, skill count, tokens in/out,
 * cache-read share, cost, the permission mode (when not the default) and activity. All but the
 * activity are the session's latest `status` (its totals include `/compact`'s request, its skill
 * count follows `/reload-skills`), plus the requests reported since it during a turn. When the bar is too narrow the model and the work root
 * shrink (the root cut from the left) but never below MIN_MODEL / MIN_ROOT columns; below that,
 * whole fields are dropped in DROP_ORDER. Never wider than `width`.
 */
export function statusLine(state: ViewState, now: number, width: number, home?: string): string {
  const s = state.status;
  const t = addUsage(s.usage, state.unsettled.usage);
  const text: Record<Field, string> = {
    model: sanitize(s.model, { multiline: false }),
    root: sanitize(shortRoot(s.workroot, home), { multiline: false }),
    skills: `${s.skills} skill${s.skills === 1 ? '' : 's'}`,
    tokens: `in ${tokens(t.input + t.cacheRead + t.cacheWrite)} out ${tokens(t.output)}`,
    cache: `cache ${cacheShare(t)}`,
    cost: dollars(s.costUsd + state.unsettled.costUsd),
    mode: modeIndicator(s.mode),
    activity: sanitize(activityLabel(state.activity, now), { multiline: false }),
  };
  const min = (f: Field): number =>
    Math.min(textWidth(text[f]), f === 'model' ? MIN_MODEL : f === 'root' ? MIN_ROOT : Infinity);
  const shown = new Set<Field>(['model', 'root', 'skills', 'tokens', 'cache', 'cost', 'activity']);
  if (text.mode) shown.add('mode');
  const needed = (): number => 1 + [...shown].reduce((sum, f) => sum + min(f), 0) + SEP.length * (shown.size - 1);
  for (const f of DROP_ORDER) {
    if (needed() <= width) break;
    shown.delete(f);
  }
  let spare = width - needed();
  const grow = (f: Field): string => {
    if (!shown.has(f)) return '';
    const extra = Math.max(0, Math.min(spare, textWidth(text[f]) - min(f)));
    spare -= extra;
    const w = min(f) + extra;
    return f === 'root' ? cutLeft(text[f], w) : truncate(text[f], w);
  };
  const model = grow('model');
  const root = grow('root');
  const order: Field[] = ['model', 'root', 'skills', 'tokens', 'cache', 'cost', 'mode', 'activity'];
  const parts = order.filter((f) => shown.has(f)).map((f) => (f === 'model' ? model : f === 'root' ? root : text[f]));
  return truncate(` ${parts.join(SEP)}`, width);
}
