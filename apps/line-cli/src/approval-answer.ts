import type { Answer } from '@coding-harness/approval';

/**
 * Reads an answer to `Allow ...? [y]es / [a]lways / [p]roject / [n]o (message)`: `y`/`yes` once,
 * `a`/`always` for the session, `p`/`project` for the session and saved for the project
 * (`.claude/settings.local.json`), `n`/`no` deny, and `n <message>` (or `no, <message>`) deny with that text as
 * the message for the model. Anything else (empty, `sure`, `ok`, a typo) is no answer: returns
 * undefined and the caller asks again, so a reply is never silently taken as a denial or a yes.
 */
export function parseApprovalAnswer(line: string): Answer | undefined {
  const text = line.trim();
  const lower = text.toLowerCase();
  if (lower === 'y' || lower === 'yes') return { type: 'once' };
  if (lower === 'a' || lower === 'always') return { type: 'session' };
  if (lower === 'p' || lower === 'project') return { type: 'project' };
  if (lower === 'n' || lower === 'no') return { type: 'deny' };
  const m = /^no?(?:[\s,:;-]+)([\s\S]+)$/i.exec(text);
  return m ? { type: 'deny', message: m[1]!.trim() } : undefined;
}
