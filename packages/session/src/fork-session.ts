/**
 * `--fork-session` (Claude Code's): a resumed conversation continues in a new session. The
 * session file is copied whole under the new id (its header rewritten to name it; every other
 * line as written, so the prefix record keeps the bytes a provider checks), and the run resumes
 * the copy: the original is never written to again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newSessionId } from '@coding-harness/agent';
import type { SessionStore } from '@coding-harness/agent';
import { UsageError } from './config.js';

/** The new session's id, its file written; a UsageError naming the file when it cannot be. */
export async function forkSession(
  store: SessionStore,
  fromId: string,
  options: { newId?: string; now: Date },
): Promise<string | UsageError> {
  const loaded = await store.load(fromId);
  if (!loaded.ok) return new UsageError(`--fork-session: cannot read session ${fromId}: ${loaded.error}`);
  const id = options.newId ?? newSessionId(options.now);
  const from = join(store.dir, `${fromId}.jsonl`);
  const to = join(store.dir, `${id}.jsonl`);
  try {
    const text = readFileSync(from, 'utf8');
    const end = text.indexOf('\n');
    const header = JSON.parse(end < 0 ? text : text.slice(0, end)) as Record<string, unknown>;
    // `wx`: an id already taken is never overwritten.
    writeFileSync(to, `${JSON.stringify({ ...header, id })}${end < 0 ? '\n' : text.slice(end)}`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (err) {
    return new UsageError(
      `--fork-session: cannot copy ${from} to ${to}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return id;
}
