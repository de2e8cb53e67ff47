/**
 * Reading one folder of a skills root: its SKILL.md parsed into a skill, or why it is not one (a
 * problem naming the file, or its entries when it holds no SKILL.md at all, for the scan to look
 * further).
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorCode, joinName } from './errno.js';
import type { LayoutSink } from './plugins.js';
import { readSkillFileOrCode } from './read-skill-file.js';
import type { RootSpec } from './roots.js';
import type { Skill } from './types.js';
import type { ParsedSkillFile } from './validate.js';

/** Where reading a folder reports: problems and notes (the scan's sink). */
export type FolderReport = Pick<LayoutSink, 'problem' | 'note'>;

/** Marks `skill` as a plugin's when its root is one of a plugin's (`layout`, `plugin`, `pluginRoot`); false otherwise. */
export function markPluginSkill(skill: Skill, spec: RootSpec): boolean {
  if (spec.plugin === undefined) return false;
  skill.layout = 'plugin';
  skill.plugin = spec.plugin;
  if (spec.pluginRoot !== undefined) skill.pluginRoot = spec.pluginRoot;
  return true;
}

/**
 * The skill in `realDir`; its entries when it holds no SKILL.md (nor a wrong-case one); null
 * when it is a problem. SKILL.md is opened directly (one file call fewer per skill than listing
 * the folder first); the folder is listed only when there is none, to name a wrong-case
 * `skill.md` or look one level deeper. `known` is the folder's entries when already listed.
 */
export function readSkillFolder(
  realDir: string,
  spec: RootSpec,
  report: FolderReport,
  known?: fs.Dirent[],
): Skill | { entries: fs.Dirent[] } | null {
  const file = joinName(realDir, 'SKILL.md');
  if (known === undefined || known.some((d) => d.name === 'SKILL.md')) {
    const parsed = readSkillFileOrCode(file, true);
    if (typeof parsed !== 'string') return loaded(parsed, realDir, file, spec, report);
    if (parsed === 'EISDIR') {
      report.problem({ path: file, message: 'SKILL.md is a folder: it must be a Markdown file' });
      return null;
    }
  }
  let entries: fs.Dirent[];
  try {
    entries = known ?? fs.readdirSync(realDir, { withFileTypes: true });
  } catch (e) {
    report.problem({ path: realDir, message: `skill folder cannot be read (${errorCode(e)}): check its permissions` });
    return null;
  }
  const wrong = entries.find((d) => d.name.toLowerCase() === 'skill.md');
  if (wrong) {
    report.problem({
      path: path.join(realDir, wrong.name),
      message:
        wrong.name === 'SKILL.md'
          ? 'SKILL.md is a symbolic link to nothing: fix or remove the link'
          : `the skill file is named "${wrong.name}": rename it to SKILL.md (upper case)`,
    });
    return null;
  }
  return { entries };
}

function loaded(
  parsed: ParsedSkillFile,
  realDir: string,
  file: string,
  spec: RootSpec,
  report: FolderReport,
): Skill | null {
  if (!parsed.ok) {
    report.problem(parsed.problem);
    return null;
  }
  for (const note of parsed.notes) report.note(note);
  // The fields object is this parse's own: completed in place rather than copied (same key order
  // as a spread), one object fewer per skill at start-up.
  const skill = parsed.fields as Skill;
  skill.dir = realDir;
  skill.file = file;
  skill.source = spec.source;
  skill.root = spec.path;
  return skill;
}
