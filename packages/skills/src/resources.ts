import fs from 'node:fs';
import path from 'node:path';

/** At most this many bundled files are listed per skill. */
export const MAX_RESOURCES = 200;
/** Files at most this many path segments deep are listed (`a/b/c/d.md` is depth 4). */
export const MAX_RESOURCE_DEPTH = 4;

/** A skill's bundled files, relative, sorted, and whether the list was cut. */
export interface ResourceList {
  resources: string[];
  truncated: boolean;
}

function readEntries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/**
 * Lists the files bundled with a skill: every plain file under `realDir` except the top-level
 * SKILL.md, depth-first in name order, at most 200 files and 4 levels. Symbolic links are
 * listed only when they point at a file inside the skill folder; linked folders are not
 * entered, so nothing outside the folder is reached and no loop is possible. Unreadable
 * folders are skipped. `top` is the already-read listing of `realDir`, to avoid reading it twice.
 */
export function listResources(realDir: string, top: fs.Dirent[]): ResourceList {
  const found: string[] = [];
  let truncated = false;
  const walk = (dir: string, rel: string, entries: fs.Dirent[], depth: number): void => {
    for (const entry of entries) {
      if (truncated) return;
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (depth === 1 && entry.name === 'SKILL.md') continue;
      if (entry.isDirectory()) {
        const sub = dir + path.sep + entry.name;
        if (depth < MAX_RESOURCE_DEPTH) walk(sub, relPath, readEntries(sub), depth + 1);
        continue;
      }
      if (entry.isSymbolicLink() && !linkedFileInside(dir + path.sep + entry.name, realDir)) continue;
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      if (found.length === MAX_RESOURCES) {
        truncated = true;
        return;
      }
      found.push(relPath);
    }
  };
  walk(realDir, '', [...top].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)), 1);
  return { resources: found.sort(), truncated };
}

function linkedFileInside(link: string, realDir: string): boolean {
  try {
    const target = fs.realpathSync.native(link);
    return isInside(target, realDir) && fs.statSync(target).isFile();
  } catch {
    return false;
  }
}
