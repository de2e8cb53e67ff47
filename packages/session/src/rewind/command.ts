/**
 * `/rewind [N] [files|conversation|both]` as data: without N the turns that can be rewound (the
 * front end lists them and takes a choice), with N a rewind to before the Nth-last turn (both the
 * files and the conversation unless a scope is named).
 */
import type { SlashResult } from '@coding-harness/protocol';
import type { RewindConversation, RewindPlugin, RewindScope } from './plugin.js';

const SCOPES: ReadonlySet<string> = new Set<RewindScope>(['both', 'files', 'conversation']);
const USAGE = '/rewind lists the turns; /rewind N [files|conversation|both] goes back to before the Nth-last';

/** The result of `/rewind args` on `conversation`. */
export async function rewindResult(
  plugin: RewindPlugin | undefined,
  conversation: RewindConversation,
  args: string,
): Promise<SlashResult> {
  const error = (message: string): SlashResult => ({ kind: 'error', command: 'rewind', message });
  if (plugin === undefined) return error('this session keeps no checkpoints');
  const words = args.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'rewind-points', points: plugin.points(conversation.sessionId) };
  const [count, scope = 'both', extra] = words;
  const n = Number(count);
  if (!Number.isInteger(n) || n < 1) return error(`${JSON.stringify(count)} is not a turn number (${USAGE})`);
  if (!SCOPES.has(scope) || extra !== undefined) return error(`${JSON.stringify(words.slice(1).join(' '))}: ${USAGE}`);
  const outcome = await plugin.rewind(conversation, n, scope as RewindScope);
  return typeof outcome === 'string' ? error(outcome) : { kind: 'rewound', ...outcome };
}
