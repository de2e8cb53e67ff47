/**
 * A mid-conversation system message must end the messages or come right before an assistant turn
 * (platform docs, build-with-claude/mid-conversation-system-messages, "Limitations"; anything else
 * is a 400). The loop appends one right after the user message of a turn; when that turn's request
 * fails for good, it stays last, and the next turn's user message would follow it. Such trailing
 * system messages were never answered (no reply, so no thinking depends on them): they are taken
 * off the end, in memory and in the session file, and re-appended after the next user text.
 */
import type { AgentState } from './state.js';
import type { Message } from '@coding-harness/model';

/** Removes and returns the system messages that end the transcript after a user message ([] when none). */
export function takeTrailingContext(state: AgentState): Message[] {
  let cut = state.messages.length;
  while (cut > 0 && state.messages[cut - 1]!.role === 'system') cut--;
  if (cut === state.messages.length || state.messages[cut - 1]?.role !== 'user') return [];
  const taken = state.messages.slice(cut);
  state.messages.length = cut;
  state.previousEnd = undefined;
  state.persist({ type: 'truncate', keep: cut });
  return taken;
}
