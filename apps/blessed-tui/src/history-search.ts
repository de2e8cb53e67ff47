/**
 * Ctrl-R in the input: search the prompt history backwards as you type, as a shell does.
 * `match` indexes `history` (oldest first, as the input keeps it); undefined when nothing matches.
 */
export interface HistorySearch {
  query: string;
  match: number | undefined;
}

/** What a key did while searching. */
export type SearchResult =
  | { type: 'state'; state: HistorySearch }
  /** Use the match (Enter puts it in the input; it is not sent). */
  | { type: 'accept'; text: string }
  | { type: 'cancel' };

/** The newest entry at or before `from` containing `query` (case-insensitive). */
function findBack(history: readonly string[], query: string, from: number): number | undefined {
  const q = query.toLowerCase();
  for (let i = Math.min(from, history.length - 1); i >= 0; i--)
    if ((history[i] as string).toLowerCase().includes(q)) return i;
  return undefined;
}

/** A search with no query yet: the newest entry is the match. */
export function startSearch(history: readonly string[]): HistorySearch {
  return { query: '', match: history.length ? history.length - 1 : undefined };
}

/**
 * One key: typing narrows (newest match first), Backspace widens, Ctrl-R again goes to the next
 * older match (staying put when there is none), Enter / Tab / → accept the match, Esc / Ctrl-C /
 * Ctrl-G cancel. `full` is blessed's full key name (`C-r`).
 */
export function searchKey(
  state: HistorySearch,
  history: readonly string[],
  name: string | undefined,
  full: string | undefined,
  ch: string | undefined,
): SearchResult {
  const { query, match } = state;
  if (full === 'C-r') {
    const older = match === undefined ? undefined : findBack(history, query, match - 1);
    return { type: 'state', state: { query, match: older ?? match } };
  }
  if (full === 'C-c' || full === 'C-g' || name === 'escape') return { type: 'cancel' };
  // blessed reports Enter as `enter` and then `return`: only the second one counts.
  if (name === 'return' || name === 'tab' || name === 'right')
    return match === undefined ? { type: 'cancel' } : { type: 'accept', text: history[match] as string };
  if (name === 'backspace') {
    const shorter = query.slice(0, -1);
    return { type: 'state', state: { query: shorter, match: findBack(history, shorter, history.length - 1) } };
  }
  if (ch && ch >= ' ' && ch !== '\x7f' && !full?.startsWith('C-')) {
    const longer = query + ch;
    return { type: 'state', state: { query: longer, match: findBack(history, longer, history.length - 1) } };
  }
  return { type: 'state', state };
}

/** The input rule's label while searching. */
export function searchLabel(state: HistorySearch): string {
  const found = state.match === undefined && state.query ? ' (no match)' : '';
  return `history search: ${state.query}${found} · Ctrl-R older · Enter use · Esc cancel`;
}
