import fs from 'node:fs';
import path from 'node:path';
import type { Skill } from './types.js';

/** At most this many bundled files are listed per skill. */
export const MAX_RESOURCES = 200;
/** Files at most this many path segments deep are listed (`a/b/c/d.md` is depth 4). */
export const MAX_RESOURCE_DEPTH = 4;

/** A skill's bundled files, relative, sorted, and whether the list was cut. */
export interface ResourceList {
  resources: string[];
  truncated: boolean;
}

function byName(a: fs.Dirent, b: fs.Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function readEntries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).sort(byName);
  } catch {
    return [];
  }
}

function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/** One listing in progress: what was found so far and whether the bound was hit. */
interface Walk {
  readonly realDir: string;
  readonly found: string[];
  truncated: boolean;
}

/** Depth-first in name order; `rel` is '' for the skill folder itself, else `a/b/` with the slash. */
function walk(state: Walk, dir: string, rel: string, entries: fs.Dirent[], depth: number): void {
  for (const entry of entries) {
    const name = entry.name;
    if (depth === 1 && name === 'SKILL.md') continue;
    if (entry.isDirectory()) {
      if (depth < MAX_RESOURCE_DEPTH) {
        const sub = dir + path.sep + name;
        walk(state, sub, `${rel}${name}/`, readEntries(sub), depth + 1);
        if (state.truncated) return;
      }
      continue;
    }
    if (entry.isSymbolicLink()) {
      if (!linkedFileInside(dir + path.sep + name, state.realDir)) continue;
    } else if (!entry.isFile()) continue;
    if (state.found.length === MAX_RESOURCES) {
      state.truncated = true;
      return;
    }
    state.found.push(rel + name);
  }
}

/**
 * Lists the files bundled with a skill, reading its folder now: every plain file under
 * `skill.dir` except the top-level SKILL.md, relative, depth-first in name order, at most 200
 * files and 4 levels. Symbolic links are listed only when they point at a file inside the skill
 * folder; linked folders are not entered, so nothing outside the folder is reached and no loop is
 * possible. Unreadable folders are skipped; a folder gone by now lists as empty. One `readdir`
 * per listed folder, none after the bound is hit. Discovery never calls it (one listing per skill
 * found is all discovery reads): the skill tool and `harness skills --json` do, for one skill or
 * a listing. A command file (`skill.command`) bundles nothing.
 */
export function listResources(skill: Pick<Skill, 'dir'> & Partial<Pick<Skill, 'command'>>): ResourceList {
  // A command file's folder holds other commands, not files of its own.
  if (skill.command === true) return { resources: [], truncated: false };
  const state: Walk = { realDir: skill.dir, found: [], truncated: false };
  walk(state, skill.dir, '', readEntries(skill.dir), 1);
  return { resources: state.found.sort(), truncated: state.truncated };
}

function linkedFileInside(link: string, realDir: string): boolean {
  try {
    const target = fs.realpathSync.native(link);
    return isInside(target, realDir) && fs.statSync(target).isFile();
  } catch {
    return false;
  }
}
