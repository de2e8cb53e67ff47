import type { Part, TextPart } from '@coding-harness/model';

/**
 * Text the session attached to a user message (a mention's content, a `!command`'s record, a
 * pasted file's line), marked in `meta` so a replay of the conversation shows the typed text as
 * the turn and not each attachment (providers send only the text).
 */
const ATTACHED = { harness: { attached: true } } as const;

export function attachedText(text: string): TextPart {
  return { type: 'text', text, meta: ATTACHED };
}

/** Whether the session attached this part (see `attachedText`). */
export function isAttached(part: Part): boolean {
  return part.type === 'text' && part.meta?.['harness']?.['attached'] === true;
}

/** `parts` with every text part marked as attached. */
export function markAttached(parts: readonly Part[]): Part[] {
  return parts.map((part) => (part.type === 'text' ? attachedText(part.text) : part));
}
