/**
 * The sessions of a work root as `/resume` and the `--resume` picker show them: most recent
 * first, each with its id, when it was last used and its first prompt. Data for a picker, and
 * the lines `/resume` prints.
 */
import type { SessionInfo, SessionStore } from '@coding-harness/agent';
import type { SessionSummary } from '@coding-harness/protocol';

/** This work root's sessions, most recently used first. */
export async function listSessions(store: SessionStore, workroot: string): Promise<SessionInfo[]> {
  const infos = await store.list(workroot);
  return infos.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
}

/** A stored session as the protocol lists it. */
export function sessionSummary(info: SessionInfo): SessionSummary {
  return {
    id: info.id,
    workroot: info.workroot,
    model: info.model,
    createdAt: info.createdAt,
    updatedAt: info.updatedAt,
    title: info.title,
  };
}

/** `2026-12-01 14:05` in UTC: short, sortable, the same on every machine. */
export function shortTime(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16);
}

/**
 * `/resume`: one line per session (time, id, first prompt), the current one marked, then how to
 * open one. At most `max` lines of sessions.
 */
export function formatSessionRows(sessions: readonly SessionSummary[], currentId: string, max = 20): string[] {
  if (sessions.length === 0) return ['no saved sessions in this work root yet'];
  const rows = sessions.slice(0, max).map((s) => {
    const mark = s.id === currentId ? '*' : ' ';
    return `${mark} ${shortTime(s.updatedAt)}  ${s.id}  ${s.title === '' ? '(no prompt)' : s.title}`;
  });
  const more = sessions.length > max ? [`  … and ${sessions.length - max} older`] : [];
  return [...rows, ...more, 'open one with: harness --resume <id>   (* is this session)'];
}
