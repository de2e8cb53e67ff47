/**
 * A commands root as skills: every `*.md` below it (or the one file it names) read once, however
 * many roots reach it, and made a command skill named for the root's namespace and its path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listCommandFiles, readCommandFile } from './commands.js';
import type { ParsedCommand } from './commands.js';
import type { RootSpec } from './roots.js';
import { markPluginSkill, type FolderReport } from './skill-folder.js';
import type { Skill } from './types.js';

/** Reads command files for one scan, each real file once; problems and notes go to `report` on the first read. */
export class CommandFiles {
  /** Real command files already read (a command reached through two roots is read once). */
  private readonly byRealFile = new Map<string, ParsedCommand>();

  constructor(private readonly report: FolderReport) {}

  /**
   * Hands each command skill of a commands root at `real` (a folder, or one file when `isFile`)
   * to `found` as soon as it is read, so what registering it says follows what reading it said.
   */
  each(spec: RootSpec, real: string, isFile: boolean, found: (skill: Skill) => void): void {
    const files = isFile
      ? [{ file: real, name: path.basename(real).replace(/\.md$/, '') }]
      : listCommandFiles(real, (issue) => this.report.problem(issue));
    for (const { file, name } of files) {
      let realFile = file;
      try {
        realFile = fs.realpathSync.native(file);
      } catch {
        // A link that vanished since the listing: readCommandFile reports it.
      }
      const parsed = this.read(realFile, name);
      if (!parsed.ok) continue;
      const skill: Skill = {
        ...parsed.fields,
        name: spec.namespace !== undefined ? `${spec.namespace}:${name}` : name,
        dir: path.dirname(realFile),
        file: realFile,
        source: spec.source,
        root: spec.path,
        command: true,
      };
      markPluginSkill(skill, spec);
      found(skill);
    }
  }

  private read(realFile: string, name: string): ParsedCommand {
    let parsed = this.byRealFile.get(realFile);
    if (parsed !== undefined) return parsed;
    parsed = readCommandFile(realFile, name);
    this.byRealFile.set(realFile, parsed);
    if (parsed.ok) for (const note of parsed.notes) this.report.note(note);
    else this.report.problem(parsed.problem);
    return parsed;
  }
}
