import type { Answer } from '@coding-harness/approval';

/**
 * Reads an answer to `Allow ...? [y]es / [a]lways / [n]o (message)`: `y`/`yes` once, `a`/`always`
 * for the session, `n`/`no` deny; `n <message>` or any other text denies with that text as the
 * message for the model. Empty input is no answer (ask again): returns undefined.
 */
export function parseApprovalAnswer(line: string): Answer | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  const lower = text.toLowerCase();
  if (lower === 'y' || lower === 'yes') return { type: 'once' };
  if (lower === 'a' || lower === 'always') return { type: 'session' };
  if (lower === 'n' || lower === 'no') return { type: 'deny' };
  const m = /^(?:no?)\b[\s,:;-]+([\s\S]+)$/i.exec(text);
  return { type: 'deny', message: (m ? m[1]! : text).trim() };
}
