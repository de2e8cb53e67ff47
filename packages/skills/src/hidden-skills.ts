/**
 * Why a collection loaded nothing: skills kept where a skills root does not look. Two layouts
 * are common. A collection that files its skills in dot-folders (`skills/.curated/<name>`,
 * `skills/.system/<name>`), which discovery never enters; and Claude Code's plugin cache, where
 * each plugin sits one version folder down (`cache/<marketplace>/<plugin>/<version>/`). For a
 * root that loaded no skill, a short bounded walk finds such folders and a note names the
 * `--skills` path that loads each; a plain subfolder holding skills one level down gets its own
 * note (`oneLevelTooDeepNote`), for a folder of a root that is not a skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { joinName } from './errno.js';
import type { SkillIssue } from './types.js';

/** Folder levels below the root that are looked into. */
export const HIDDEN_MAX_DEPTH = 4;
/** Folders read at most per root. */
export const HIDDEN_MAX_DIRS = 256;
/** Places named at most; the rest are counted. */
const MAX_NAMED = 3;

function list(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** How many child folders of `dir` hold a SKILL.md. */
function skillCount(dir: string, entries: readonly fs.Dirent[]): number {
  let n = 0;
  for (const d of entries)
    if (d.isDirectory() && !d.name.startsWith('.') && fs.existsSync(path.join(dir, d.name, 'SKILL.md'))) n += 1;
  return n;
}

/** A place that loads: a skills root (with how many skills) or a plugin folder. */
interface Place {
  dir: string;
  skills?: number;
  plugin?: boolean;
}

/**
 * The places below `root` that would load, breadth first, not counting a plain (non-dot) child
 * of the root holding skills (the one-level-too-deep note covers it). A plugin folder is not
 * entered; `node_modules` and `.git` never are; symbolic links are not followed.
 */
function places(root: string): Place[] {
  const found: Place[] = [];
  let queue = [{ dir: root, depth: 0, hidden: false }];
  let read = 0;
  while (queue.length > 0) {
    const next: typeof queue = [];
    for (const { dir, depth, hidden } of queue) {
      if (++read > HIDDEN_MAX_DIRS) return found;
      const entries = list(dir);
      if (depth > 0) {
        if (entries.some((d) => d.name === '.claude-plugin' && d.isDirectory())) {
          found.push({ dir, plugin: true });
          continue;
        }
        const n = skillCount(dir, entries);
        if (n > 0 && (hidden || depth > 1)) found.push({ dir, skills: n });
        if (n > 0) continue;
      }
      if (depth === HIDDEN_MAX_DEPTH) continue;
      for (const d of entries) {
        if (!d.isDirectory() || d.name === '.git' || d.name === 'node_modules') continue;
        next.push({ dir: path.join(dir, d.name), depth: depth + 1, hidden: hidden || d.name.startsWith('.') });
      }
    }
    queue = next;
  }
  return found;
}

/**
 * Notes for a root that loaded no skill: each place below it that would (at most three named),
 * with the `--skills` flag that loads it. None when the root is missing or nothing is hidden.
 */
export function hiddenSkillNotes(root: string): SkillIssue[] {
  let real: string;
  try {
    real = fs.realpathSync.native(root);
    if (!fs.statSync(real).isDirectory()) return [];
  } catch {
    return [];
  }
  const found = places(real);
  if (found.length === 0) return [];
  const named = found.slice(0, MAX_NAMED).map((p) => ({
    path: root,
    message: p.plugin
      ? `no skills load from this folder, but ${p.dir} is a Claude Code plugin (a plugin cache keeps each one a version folder down): \`--skills ${p.dir}\` loads it; an installed plugin also loads when settings enable it (enabledPlugins)`
      : `no skills load from this folder, but ${p.dir} holds ${p.skills} skill${p.skills === 1 ? '' : 's'} (discovery does not enter dot-folders or look that deep): \`--skills ${p.dir}\` loads ${p.skills === 1 ? 'it' : 'them'}`,
  }));
  if (found.length > MAX_NAMED)
    named.push({ path: root, message: `${found.length - MAX_NAMED} more folders below it hold skills or plugins` });
  return named;
}

/** Subfolders of a non-skill folder looked into for a SKILL.md one level too deep. */
const MAX_DEEP_CHECKS = 64;

/**
 * For a folder in a root that holds no SKILL.md (and is no plugin): a note when one of its own
 * subfolders holds a SKILL.md, naming the `--skills` flag that loads the skills there. Dot-folders
 * and `node_modules` are not looked into, and at most MAX_DEEP_CHECKS subfolders are.
 */
export function oneLevelTooDeepNote(realDir: string, entries: readonly fs.Dirent[]): SkillIssue | undefined {
  if (path.basename(realDir).startsWith('.')) return undefined;
  let checked = 0;
  for (const d of entries) {
    if (!d.isDirectory() || d.name.startsWith('.') || d.name === 'node_modules') continue;
    if (++checked > MAX_DEEP_CHECKS) return undefined;
    const file = joinName(joinName(realDir, d.name), 'SKILL.md');
    if (!fs.existsSync(file)) continue;
    return {
      path: file,
      message: `this SKILL.md is one level too deep to load (skills sit at <root>/<name>/SKILL.md): \`--skills ${realDir}\` loads the skills in ${path.basename(realDir)}/`,
    };
  }
  return undefined;
}
