import fs from 'node:fs';
import path from 'node:path';
import { listCommandFiles, readCommandFile } from './commands.js';
import type { ParsedCommand } from './commands.js';
import { nestedRoots } from './nested-roots.js';
import { looksLikePlugin, pluginLayout } from './plugins.js';
import type { LayoutSink } from './plugins.js';
import { readSkillFileOrCode } from './read-skill-file.js';
import { skillRoots } from './roots.js';
import type { RootLayout, RootSpec } from './roots.js';
import { hiddenSkillNotes } from './hidden-skills.js';
import { installedPluginRoots } from './plugins/installed.js';
import type { DiscoverOptions, DiscoverResult, PluginRecord, Skill, SkillIssue } from './types.js';
import type { ParsedSkillFile } from './validate.js';

function code(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN';
}

/** `path.join` for an absolute, already-normal folder and one plain name, without re-normalising. */
function join(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

/** Subfolders of a non-skill folder looked into for a SKILL.md one level too deep. */
const MAX_DEEP_CHECKS = 64;

/** A root's layout; an explicit root without one may be anything (`any`). */
function layoutOf(spec: RootSpec): RootLayout {
  return spec.layout ?? (spec.source === 'explicit' ? 'any' : 'skills');
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
  /** Real command files already read (a command reached through two roots is read once). */
  private readonly byRealFile = new Map<string, ParsedCommand>();
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
      if (links?.has(name)) this.linked(join(spec.path, name), spec);
      else this.candidate(join(real, name), spec);
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
    const files = isFile
      ? [{ file: real, name: path.basename(real).replace(/\.md$/, '') }]
      : listCommandFiles(real, (issue) => this.problem(issue));
    for (const { file, name } of files) {
      let realFile = file;
      try {
        realFile = fs.realpathSync.native(file);
      } catch {
        // A link that vanished since the listing: readCommandFile reports it.
      }
      let parsed = this.byRealFile.get(realFile);
      if (parsed === undefined) {
        parsed = readCommandFile(realFile, name);
        this.byRealFile.set(realFile, parsed);
        if (parsed.ok) this.notes.push(...parsed.notes);
        else this.problem(parsed.problem);
      }
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
      if (spec.plugin !== undefined) {
        skill.layout = 'plugin';
        skill.plugin = spec.plugin;
        if (spec.pluginRoot !== undefined) skill.pluginRoot = spec.pluginRoot;
      }
      this.register(skill, spec.source, spec.nested);
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
    if (!exists && (spec.source !== 'explicit' || spec.optional === true)) return;
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
      const read = this.load(realDir, spec, known);
      loaded = read !== null && 'entries' in read ? null : read;
      this.byRealDir.set(realDir, loaded);
      if (read !== null && 'entries' in read) this.notSkill(realDir, read.entries, spec);
    }
    if (loaded === null) return;
    let skill: Skill = loaded.root === spec.path ? loaded : { ...loaded, source: spec.source, root: spec.path };
    if (spec.namespace !== undefined || spec.nested !== undefined) {
      skill = { ...skill, name: spec.namespace !== undefined ? `${spec.namespace}:${loaded.name}` : loaded.name };
      if (spec.plugin !== undefined) {
        skill.layout = 'plugin';
        skill.plugin = spec.plugin;
        if (spec.pluginRoot !== undefined) skill.pluginRoot = spec.pluginRoot;
      } else if (spec.nested !== undefined) skill.layout = 'nested';
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
    let checked = 0;
    if (path.basename(realDir).startsWith('.')) return;
    for (const d of entries) {
      if (!d.isDirectory() || d.name.startsWith('.') || d.name === 'node_modules') continue;
      if (++checked > MAX_DEEP_CHECKS) return;
      if (!fs.existsSync(join(join(realDir, d.name), 'SKILL.md'))) continue;
      this.notes.push({
        path: join(join(realDir, d.name), 'SKILL.md'),
        message: `this SKILL.md is one level too deep to load (skills sit at <root>/<name>/SKILL.md): \`--skills ${realDir}\` loads the skills in ${path.basename(realDir)}/`,
      });
      return;
    }
  }

  /**
   * The skill in `realDir`; its entries when it holds no SKILL.md (nor a wrong-case one); null
   * when it is a problem. SKILL.md is opened directly (one file call fewer per skill than listing
   * the folder first); the folder is listed only when there is none, to name a wrong-case
   * `skill.md` or look one level deeper.
   */
  private load(realDir: string, spec: RootSpec, known?: fs.Dirent[]): Skill | { entries: fs.Dirent[] } | null {
    const file = join(realDir, 'SKILL.md');
    if (known === undefined || known.some((d) => d.name === 'SKILL.md')) {
      const parsed = readSkillFileOrCode(file, true);
      if (typeof parsed !== 'string') return this.loaded(parsed, realDir, file, spec);
      if (parsed === 'EISDIR') {
        this.problem({ path: file, message: 'SKILL.md is a folder: it must be a Markdown file' });
        return null;
      }
    }
    let entries: fs.Dirent[];
    try {
      entries = known ?? fs.readdirSync(realDir, { withFileTypes: true });
    } catch (e) {
      this.problem({ path: realDir, message: `skill folder cannot be read (${code(e)}): check its permissions` });
      return null;
    }
    const wrong = entries.find((d) => d.name.toLowerCase() === 'skill.md');
    if (wrong) {
      this.problem({
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

  private loaded(parsed: ParsedSkillFile, realDir: string, file: string, spec: RootSpec): Skill | null {
    if (!parsed.ok) {
      this.problem(parsed.problem);
      return null;
    }
    if (parsed.notes.length > 0) this.notes.push(...parsed.notes);
    // The fields object is this parse's own: completed in place rather than copied (same key order
    // as a spread), one object fewer per skill at start-up.
    const skill = parsed.fields as Skill;
    skill.dir = realDir;
    skill.file = file;
    skill.source = spec.source;
    skill.root = spec.path;
    return skill;
  }
}

/**
 * Finds every skill under the personal, project and explicit roots (see `skillRoots`), one
 * level deep, following symlinked roots and skill folders; explicit folders may also be plugins
 * or folders of plugins (their skills named `<plugin>:<skill>`), commands folders hold Markdown
 * commands, and with a trusted project the `.agents/skills` / `.claude/skills` folders below the
 * work root are found too (see `nestedRoots`). Each SKILL.md is read once; a skill's
 * bundled files are not listed here (`listResources(skill)` does that when asked). Never throws: a broken skill is a problem naming its path, a loaded
 * one that deserves a look (shadowing, spec warnings, coerced fields, a SKILL.md one level too deep) a note. Skills come back
 * sorted by name, one per name, the highest-precedence one winning.
 *
 * It uses synchronous file calls on purpose: it runs once at startup, touches only local
 * folders, and is several times faster than the promise API for thousands of small files.
 */
export async function discover(options: DiscoverOptions): Promise<DiscoverResult> {
  const scan = new Scan();
  try {
    if (options.enabledPlugins !== undefined)
      for (const spec of installedPluginRoots(
        { home: options.home, workroot: options.workroot, enabled: options.enabledPlugins },
        scan.sink,
      ))
        scan.root(spec);
    for (const spec of skillRoots(options)) {
      const before = scan.registered;
      scan.root(spec);
      // A collection that loaded nothing but hides skills a level or two down gets a note naming the flag.
      if (scan.registered === before && spec.source !== 'project' && spec.layout !== 'commands')
        scan.notes.push(...hiddenSkillNotes(spec.path));
    }
    if (options.trustProject !== false)
      scan.nested(
        await nestedRoots({
          workroot: options.workroot,
          home: options.home,
          note: (n) => scan.notes.push(n),
          ...(options.loadIgnoreMatcher ? { loadIgnoreMatcher: options.loadIgnoreMatcher } : {}),
        }),
      );
  } catch (e) {
    scan.problems.push({
      path: String(options.workroot),
      message: `skill discovery stopped early (${(e as Error)?.message ?? String(e)}): please report this`,
    });
  }
  return {
    skills: [...scan.winners.values()].sort(byName),
    problems: scan.problems,
    notes: scan.notes,
    ...(scan.plugins.size > 0 ? { plugins: [...scan.plugins.values()] } : {}),
  };
}
