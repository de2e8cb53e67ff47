import { hiddenSkillNotes } from './hidden-skills.js';
import { nestedRoots } from './nested-roots.js';
import { installedPluginRoots } from './plugins/installed.js';
import { pluginRoots } from './plugins.js';
import { skillRoots } from './roots.js';
import { Scan } from './scan.js';
import type { DiscoverOptions, DiscoverResult } from './types.js';

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
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
    // `--plugin-dir`: each folder is one plugin, loaded as an installed one is.
    for (const dir of options.pluginDirs ?? [])
      for (const spec of pluginRoots(dir, undefined, { path: dir, source: 'personal' }, scan.sink)) scan.root(spec);
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
