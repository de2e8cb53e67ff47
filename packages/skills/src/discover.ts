import fs from 'node:fs';
import path from 'node:path';
import { readSkillFile } from './read-skill-file.js';
import { skillRoots } from './roots.js';
import type { RootSpec } from './roots.js';
import type { DiscoverOptions, DiscoverResult, Skill, SkillIssue } from './types.js';

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

/** `path.join` for an absolute, already-normal folder and one plain name, without re-normalising. */
function join(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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

  /** Records a problem once, however often the same folder is reached. */
  problem(issue: SkillIssue): void {
    const key = `${issue.path}\0${issue.message}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    this.problems.push(issue);
  }

  root(spec: RootSpec): void {
    let entries: fs.Dirent[];
    let real: string;
    try {
      entries = fs.readdirSync(spec.path, { withFileTypes: true });
      real = fs.realpathSync.native(spec.path);
    } catch (e) {
      this.rootError(spec, e);
      return;
    }
    if (spec.source === 'personal') this.personalRoots.add(real);
    else if (spec.source === 'project' && this.personalRoots.has(real)) return;
    if (spec.source === 'explicit' && entries.some((d) => d.name.toLowerCase() === 'skill.md')) {
      this.candidate(real, spec, entries);
      return;
    }
    entries.sort(byName);
    for (const entry of entries) {
      if (entry.isDirectory()) this.candidate(join(real, entry.name), spec);
      else if (entry.isSymbolicLink()) this.linked(join(spec.path, entry.name), spec);
    }
  }

  private rootError(spec: RootSpec, e: unknown): void {
    const c = code(e);
    let exists = true;
    if (c === 'ENOENT' || c === 'ENOTDIR') {
      try {
        fs.lstatSync(spec.path);
      } catch {
        exists = false;
      }
    }
    if (!exists && spec.source !== 'explicit') return;
    const why = !exists
      ? 'does not exist: check the path'
      : c === 'ENOENT'
        ? 'is a symbolic link to nothing: fix or remove the link'
        : c === 'ELOOP'
          ? 'is a symbolic link loop: point the link at a real folder'
          : c === 'ENOTDIR'
            ? 'is not a folder: give a folder of skills or one skill folder'
            : `cannot be read (${c}): check its permissions`;
    this.problem({ path: spec.path, message: `skills folder ${why}` });
  }

  private linked(at: string, spec: RootSpec): void {
    let real: string;
    try {
      real = fs.realpathSync.native(at);
    } catch (e) {
      const c = code(e);
      const why =
        c === 'ELOOP'
          ? 'is a symbolic link loop'
          : c === 'ENOENT'
            ? 'is a symbolic link to nothing'
            : `cannot be followed (${c})`;
      this.problem({ path: at, message: `skill folder ${why}: point the link at a real skill folder or remove it` });
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
      loaded = this.load(realDir, spec, known);
      this.byRealDir.set(realDir, loaded);
    }
    if (loaded === null) return;
    const skill: Skill = loaded.root === spec.path ? loaded : { ...loaded, source: spec.source, root: spec.path };
    const previous = this.winners.get(skill.name);
    if (previous && previous.dir !== skill.dir) {
      this.notes.push({
        path: skill.file,
        message: `skill "${skill.name}" (${spec.source}) shadows ${previous.file} (${previous.source}); rename one of the folders to keep both`,
      });
    }
    this.winners.set(skill.name, skill);
  }

  private load(realDir: string, spec: RootSpec, known?: fs.Dirent[]): Skill | null {
    let entries: fs.Dirent[];
    try {
      entries = known ?? fs.readdirSync(realDir, { withFileTypes: true });
    } catch (e) {
      this.problem({ path: realDir, message: `skill folder cannot be read (${code(e)}): check its permissions` });
      return null;
    }
    let entry: fs.Dirent | undefined;
    for (const d of entries) {
      if (d.name === 'SKILL.md') {
        entry = d;
        break;
      }
    }
    if (!entry) {
      const wrong = entries.find((d) => d.name.toLowerCase() === 'skill.md');
      if (wrong) {
        this.problem({
          path: path.join(realDir, wrong.name),
          message: `the skill file is named "${wrong.name}": rename it to SKILL.md (upper case)`,
        });
      }
      return null;
    }
    const file = join(realDir, 'SKILL.md');
    if (entry.isDirectory()) {
      this.problem({ path: file, message: 'SKILL.md is a folder: it must be a Markdown file' });
      return null;
    }
    const parsed = readSkillFile(file);
    if (!parsed.ok) {
      this.problem(parsed.problem);
      return null;
    }
    this.notes.push(...parsed.notes);
    return { ...parsed.fields, dir: realDir, file, source: spec.source, root: spec.path };
  }
}

/**
 * Finds every skill under the personal, project and explicit roots (see `skillRoots`), one
 * level deep, following symlinked roots and skill folders. Each SKILL.md is read once; a skill's
 * bundled files are not listed here (`listResources(skill)` does that when asked). Never throws: a broken skill is a problem naming its path, a loaded
 * one that deserves a look (shadowing, spec warnings, coerced fields) a note. Skills come back
 * sorted by name, one per name, the highest-precedence one winning.
 *
 * It uses synchronous file calls on purpose: it runs once at startup, touches only local
 * folders, and is several times faster than the promise API for thousands of small files.
 */
export async function discover(options: DiscoverOptions): Promise<DiscoverResult> {
  const scan = new Scan();
  try {
    for (const spec of skillRoots(options)) scan.root(spec);
  } catch (e) {
    scan.problems.push({
      path: String(options.workroot),
      message: `skill discovery stopped early (${(e as Error)?.message ?? String(e)}): please report this`,
    });
  }
  return { skills: [...scan.winners.values()].sort(byName), problems: scan.problems, notes: scan.notes };
}
