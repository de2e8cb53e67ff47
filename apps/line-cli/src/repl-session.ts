import type { Message, ToolResultPart } from '@coding-harness/model';
import { resultText } from '@coding-harness/model';
import { sanitize } from '@coding-harness/session';
import type { Colors } from './colors.js';
import { toolResultLine, toolStartLine } from './render.js';

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

/** A stored result in one line: a one-line result itself, else its size (the live display is not stored). */
function storedResult(block: ToolResultPart): string {
  const text = resultText(block.content).trimEnd();
  const lines = text === '' ? [] : text.split('\n');
  if (lines.length <= 1 || block.isError === true) return sanitize(lines[0] ?? '(empty)', { multiline: false });
  return `${lines.length} lines`;
}

/** A user message the person typed (a message of only tool results is the agent's, not a turn). */
function isTurn(message: Message): boolean {
  return message.role === 'user' && message.content.some((b) => b.type === 'text');
}

export interface ReplayOptions {
  sessionId: string;
  colors: Colors;
  /** The one-line summary of a call, as it was shown live (`registry.prepare(...).summary`); the tool name otherwise. */
  summarize(name: string, input: unknown): string;
  /** How many user turns to show (default `REPLAY_TURNS`). */
  turns?: number;
}

/**
 * What a resumed session shows before its first prompt: the last turns as they looked live (the
 * user's text after `›`, the model's text, `●` call lines with their `⎿` result lines), then the
 * "resumed" line saying how many turns the session has. Every stored text is sanitized.
 */
export function replayLines(messages: readonly Message[], opts: ReplayOptions): string[] {
  const c = opts.colors;
  const turnAt = messages.flatMap((m, i) => (isTurn(m) ? [i] : []));
  const keep = opts.turns ?? REPLAY_TURNS;
  const from = turnAt.length > keep ? (turnAt[turnAt.length - keep] ?? 0) : 0;
  const lines: string[] = [];
  if (from > 0) lines.push(c.dim(`… ${turnAt.length - keep} earlier turns not shown`));
  for (const message of messages.slice(from)) {
    if (message.role === 'system') continue;
    for (const block of message.content) {
      if (block.type === 'text' && message.role === 'user')
        lines.push(
          ...sanitize(block.text.trimEnd())
            .split('\n')
            .map((l, i) => `${c.cyan(i === 0 ? '›' : ' ')} ${l}`),
        );
      else if (block.type === 'text' && block.text.trim() !== '') lines.push(sanitize(block.text.trimEnd()));
      else if (block.type === 'tool_call')
        lines.push(toolStartLine(sanitize(opts.summarize(block.name, block.input), { multiline: false }), c));
      else if (block.type === 'tool_result') lines.push(toolResultLine(storedResult(block), block.isError === true, c));
    }
  }
  const id = sanitize(opts.sessionId, { multiline: false });
  lines.push(c.dim(`── resumed session ${id} · ${turnAt.length} turn${turnAt.length === 1 ? '' : 's'} so far ──`));
  return lines;
}
