/**
 * One scan over skill roots in precedence order: each root read by its layout, each skill folder
 * read once however many roots or links reach it, the winners by name (a later root shadows an
 * earlier one, with a note) and every problem and note said along the way. `discover` and `lint`
 * run it.
 */
import fs from 'node:fs';
import { CommandFiles } from './command-skills.js';
import { joinName } from './errno.js';
import { oneLevelTooDeepNote } from './hidden-skills.js';
import { looksLikePlugin, pluginLayout } from './plugins.js';
import type { LayoutSink } from './plugins.js';
import { brokenSkillLink, unreadableRoot } from './root-problems.js';
import type { RootLayout, RootSpec } from './roots.js';
import { markPluginSkill, readSkillFolder } from './skill-folder.js';
import type { PluginRecord, Skill, SkillIssue } from './types.js';

/** A root's layout; an explicit root without one may be anything (`any`). */
function layoutOf(spec: RootSpec): RootLayout {
  return spec.layout ?? (spec.source === 'explicit' ? 'any' : 'skills');
}

/** One scan over roots in precedence order: the winners so far and everything said along the way. Used by `discover` and `lint`. */
export class Scan {
  readonly winners = new Map<string, Skill>();
  readonly problems: SkillIssue[] = [];
  readonly notes: SkillIssue[] = [];
  /** Real skill folders already read: the skill, or null when it was a problem or not a skill. */
  private readonly byRealDir = new Map<string, Skill | null>();
  /** Real paths of the personal roots: a project root that is one of them is skipped (home inside a repository). */
  private readonly personalRoots = new Set<string>();
  private readonly said = new Set<string>();
  /** While nested roots are scanned: what they found, named only once all of them are known. */
  private pending: { skill: Skill; folder: string }[] | undefined;
  /** The plugins loaded, by folder (a plugin reached twice is recorded once). */
  readonly plugins = new Map<string, PluginRecord>();
  /** How many skills were registered so far (a root that adds none may deserve a note). */
  registered = 0;
  /** For plugin layouts: where they report. */
  readonly sink: LayoutSink = {
    problem: (issue) => this.problem(issue),
    note: (issue) => this.notes.push(issue),
    plugin: (record) => {
      if (!this.plugins.has(record.dir)) this.plugins.set(record.dir, record);
    },
  };
  /** Command files, each read once for the scan. */
  private readonly commandFiles = new CommandFiles(this.sink);

  /** Records a problem once, however often the same folder is reached. */
  problem(issue: SkillIssue): void {
    const key = `${issue.path}\0${issue.message}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.problems.push(issue);
  }

  /** Scans one root by its layout (see `RootLayout`); explicit folders are recognised here as a skill, a skills root or a plugin layout. */
  root(spec: RootSpec): void {
    const layout = layoutOf(spec);
    if (layout === 'commands') {
      this.commands(spec);
      return;
    }
    let entries: fs.Dirent[];
    let real: string;
    try {
      entries = fs.readdirSync(spec.path, { withFileTypes: true });
      real = fs.realpathSync.native(spec.path);
    } catch (e) {
      this.rootError(spec, e);
      return;
    }
    if (!this.ownRoot(spec, real)) return;
    if (layout !== 'skills' && entries.some((d) => d.name.toLowerCase() === 'skill.md')) {
      this.candidate(real, spec, entries);
      return;
    }
    if (layout === 'any') {
      const roots = pluginLayout(real, entries, spec, this.sink);
      if (roots) {
        for (const r of roots) this.root(r);
        return;
      }
    }
    // The folder names, sorted as `byName` would sort the entries (code unit order), with the
    // engine's own string sort rather than a comparator called ~n log n times.
    const names: string[] = [];
    let links: Set<string> | undefined;
    for (const entry of entries) {
      if (entry.isDirectory()) names.push(entry.name);
      else if (entry.isSymbolicLink()) {
        names.push(entry.name);
        (links ??= new Set()).add(entry.name);
      }
    }
    names.sort();
    for (const name of names) {
      if (links?.has(name)) this.linked(joinName(spec.path, name), spec);
      else this.candidate(joinName(real, name), spec);
    }
  }

  /**
   * Scans the `.agents/skills` / `.claude/skills` folders below the work root. A skill whose name
   * is taken by another root's skill, or found in more than one such folder, is named by its
   * folder (`packages/web:deploy`); otherwise it keeps its own name.
   */
  nested(specs: readonly RootSpec[]): void {
    this.pending = [];
    for (const spec of specs) this.root(spec);
    const found = this.pending;
    this.pending = undefined;
    if (found.length === 0) return;
    const folders = new Map<string, Set<string>>();
    for (const { skill, folder } of found) {
      const set = folders.get(skill.name) ?? new Set<string>();
      set.add(folder);
      folders.set(skill.name, set);
    }
    const taken = new Set(this.winners.keys());
    for (const { skill, folder } of found) {
      const clash = taken.has(skill.name) || (folders.get(skill.name)?.size ?? 0) > 1;
      this.register(clash ? { ...skill, name: `${folder}:${skill.name}` } : skill, skill.source);
    }
  }

  /** False for a project root that is a personal one (home inside the repository); records personal roots. */
  private ownRoot(spec: RootSpec, real: string): boolean {
    if (spec.source === 'personal') this.personalRoots.add(real);
    else if (spec.source === 'project' && this.personalRoots.has(real)) return false;
    return true;
  }

  /** A commands root: every `*.md` below it (or the one file it names) as a command skill. */
  private commands(spec: RootSpec): void {
    let real: string;
    let isFile: boolean;
    try {
      real = fs.realpathSync.native(spec.path);
      isFile = fs.statSync(real).isFile();
    } catch (e) {
      this.rootError(spec, e);
      return;
    }
    if (!this.ownRoot(spec, real)) return;
    this.commandFiles.each(spec, real, isFile, (skill) => this.register(skill, spec.source, spec.nested));
  }

  private rootError(spec: RootSpec, e: unknown): void {
    const issue = unreadableRoot(spec, e);
    if (issue) this.problem(issue);
  }

  private linked(at: string, spec: RootSpec): void {
    let real: string;
    try {
      real = fs.realpathSync.native(at);
    } catch (e) {
      this.problem(brokenSkillLink(at, e));
      return;
    }
    try {
      if (!fs.statSync(real).isDirectory()) return;
    } catch {
      return;
    }
    this.candidate(real, spec);
  }

  private candidate(realDir: string, spec: RootSpec, known?: fs.Dirent[]): void {
    let loaded = this.byRealDir.get(realDir);
    if (loaded === undefined) {
      const read = readSkillFolder(realDir, spec, this.sink, known);
      loaded = read !== null && 'entries' in read ? null : read;
      this.byRealDir.set(realDir, loaded);
      if (read !== null && 'entries' in read) this.notSkill(realDir, read.entries, spec);
    }
    if (loaded === null) return;
    let skill: Skill = loaded.root === spec.path ? loaded : { ...loaded, source: spec.source, root: spec.path };
    if (spec.namespace !== undefined || spec.nested !== undefined) {
      skill = { ...skill, name: spec.namespace !== undefined ? `${spec.namespace}:${loaded.name}` : loaded.name };
      if (!markPluginSkill(skill, spec) && spec.nested !== undefined) skill.layout = 'nested';
    }
    this.register(skill, spec.source, spec.nested);
  }

  /** Records a skill under its name (a later one shadows an earlier one, with a note), or holds it while nested roots are scanned. */
  private register(skill: Skill, source: Skill['source'], nested?: string): void {
    if (this.pending && nested !== undefined) {
      this.pending.push({ skill, folder: nested });
      return;
    }
    this.registered += 1;
    const previous = this.winners.get(skill.name);
    if (previous && previous.dir !== skill.dir) {
      this.notes.push({
        path: skill.file,
        message: `skill "${skill.name}" (${source}) shadows ${previous.file} (${previous.source}); rename one of the folders to keep both`,
      });
    }
    this.winners.set(skill.name, skill);
  }

  /**
   * A folder in a root that holds no SKILL.md: a plugin (`.claude-plugin/`) loads as one, whatever
   * the root (as Claude Code loads a plugin dropped into a skills folder); otherwise, when its own
   * subfolders hold SKILL.md files, a note names the flag that loads them.
   */
  private notSkill(realDir: string, entries: readonly fs.Dirent[], spec: RootSpec): void {
    if (looksLikePlugin(entries)) {
      for (const r of pluginLayout(realDir, entries, { ...spec, path: realDir }, this.sink) ?? []) this.root(r);
      return;
    }
    const note = oneLevelTooDeepNote(realDir, entries);
    if (note) this.notes.push(note);
  }
}
