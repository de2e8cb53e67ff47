/**
 * Which memory file `/memory ARG` opens in the user's editor: `user` (`~/.claude/CLAUDE.md`),
 * `project` (`CLAUDE.md` in the work root), `local` (`CLAUDE.local.md` there), or the number of a
 * file `/memory` lists. The file need not exist yet (the editor creates it); its folder must.
 * What is written applies from the next session (or `/clear`): the system prompt is cached.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type MemoryEditTarget = { ok: true; path: string } | { ok: false; error: string };

/** The file for `arg`; an error naming the choices when it names none. */
export function memoryEditTarget(
  arg: string,
  where: { home: string; workroot: string; files: readonly { path: string }[] },
): MemoryEditTarget {
  const word = arg.trim().toLowerCase();
  const named: Record<string, string> = {
    user: join(where.home, '.claude', 'CLAUDE.md'),
    project: join(where.workroot, 'CLAUDE.md'),
    local: join(where.workroot, 'CLAUDE.local.md'),
  };
  let path = named[word];
  if (path === undefined && /^\d+$/.test(word)) path = where.files[Number(word) - 1]?.path;
  if (path === undefined)
    return {
      ok: false,
      error: `${JSON.stringify(arg.trim())} names no memory file: use user, project, local or the number /memory lists (1-${Math.max(1, where.files.length)})`,
    };
  if (!existsSync(dirname(path))) return { ok: false, error: `${dirname(path)} does not exist; create it first` };
  return { ok: true, path };
}
