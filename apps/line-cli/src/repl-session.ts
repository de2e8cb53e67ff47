import { emptyUsage } from '@coding-harness/model';
import type { SessionEvent } from '@coding-harness/protocol';
import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';
import { createEventRenderer } from './render.js';
import type { MarkdownKit } from './text-stream.js';

/** How many of the last user turns `--continue` / `--resume` show again. */
export const REPLAY_TURNS = 3;

/** The exact command that opens this session again (what the exit line tells the user to type). */
export function resumeCommand(sessionId: string): string {
  return `harness --resume ${sessionId}`;
}

/** The line printed on exit: the session id and how to get back to it. */
export function exitLine(sessionId: string, c: Colors): string {
  const id = sanitize(sessionId, { multiline: false });
  return c.dim(`session ${id} · resume it with: ${resumeCommand(id)}`);
}

/**
 * What a resumed session shows before its first prompt: its last turns drawn from the session's
 * own replay (the `history` command's events) by the REPL's renderer, each user text after `›`,
 * then the "resumed" line saying how many turns the session has. Every stored text is sanitized.
 */
export function replayLines(events: readonly SessionEvent[], opts: ReplayOptions): string[] {
  const c = opts.colors;
  const starts = events.flatMap((e, i) => (e.type === 'turn_start' ? [i] : []));
  const keep = opts.turns ?? REPLAY_TURNS;
  const from = starts.length > keep ? (starts[starts.length - keep] ?? 0) : 0;
  // The session keeps whole results of live calls only: nothing to point at for these.
  const render = createEventRenderer({
    colors: c,
    text: 'stream',
    toolLines: true,
    output: 'tail',
    moreHint: '',
    ...(opts.markdown ? { markdown: opts.markdown } : {}),
  });
  const lines: string[] = [];
  if (from > 0) lines.push(c.dim(`… ${starts.length - keep} earlier turns not shown`));
  let text = '';
  for (const event of events.slice(from)) {
    if (event.type === 'turn_start') {
      text += sanitize(event.text.trimEnd())
        .split('\n')
        .map((l, i) => `${c.cyan(i === 0 ? '›' : ' ')} ${l}\n`)
        .join('');
      continue;
    }
    for (const chunk of render(event)) text += chunk.text;
  }
  for (const chunk of render({
    type: 'turn_end',
    turnId: 'history',
    turn: 0,
    stopReason: 'end_turn',
    outcome: 'completed',
    usage: emptyUsage(),
    costUsd: 0,
  }))
    text += chunk.text;
  if (text !== '') lines.push(...text.replace(/\n$/, '').split('\n'));
  const id = sanitize(opts.sessionId, { multiline: false });
  lines.push(c.dim(`── resumed session ${id} · ${starts.length} turn${starts.length === 1 ? '' : 's'} so far ──`));
  return lines;
}

export interface ReplayOptions {
  sessionId: string;
  colors: Colors;
  /** How many user turns to show (default `REPLAY_TURNS`). */
  turns?: number;
  /** On a terminal: the replies drawn as markdown, as they were live. */
  markdown?: { kit?: MarkdownKit; width(): number };
}
