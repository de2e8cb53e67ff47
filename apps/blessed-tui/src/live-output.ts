import type { LiveOutput } from './view-state.js';

/** Characters of a running call's output kept for the screen: far more than its last lines need. */
export const LIVE_KEEP = 8192;
/** Lines of a running call's output shown under it: the latest ones. */
export const LIVE_LINES = 5;

/**
 * `text` (one `tool_update`) added to what a running call printed so far. Only the end is kept
 * (from a line start, at most {@link LIVE_KEEP} characters), and the line ends are counted, so a
 * command printing for minutes costs the same memory as one printing a line.
 */
export function appendLive(live: LiveOutput | undefined, text: string, elapsedMs: number): LiveOutput {
  let tail = (live?.tail ?? '') + text;
  if (tail.length > LIVE_KEEP) {
    const cut = tail.length - LIVE_KEEP;
    const lineStart = tail.indexOf('\n', cut);
    tail = lineStart < 0 ? tail.slice(cut) : tail.slice(lineStart + 1);
  }
  let newlines = live?.newlines ?? 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines += 1;
  return { tail, newlines, elapsedMs };
}

/** Lines of everything a call printed (a last line without its line end counts). */
export function liveLineCount(live: LiveOutput): number {
  return live.newlines + (!live.tail.endsWith('\n') && live.tail !== '' ? 1 : 0);
}

/** The lines a running call shows: its last {@link LIVE_LINES} lines and how many came before them. */
export function liveLines(live: LiveOutput): { lines: string[]; hidden: number } {
  const total = liveLineCount(live);
  const lines = live.tail.replace(/\n$/, '').split('\n').slice(-LIVE_LINES);
  return { lines, hidden: Math.max(0, total - lines.length) };
}
