/** A collection that loads nothing because its skills sit where discovery does not look gets a note naming the flag. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { put, useTempDirs, writeBasic } from './temp-tree.test-helper.js';

const temp = useTempDirs();

describe('skills hidden from a root that loads none', () => {
  it('skills in dot-folders (.curated, .system) get a note naming the --skills path for each', async () => {
    const base = temp('hidden-');
    const collection = path.join(base, 'openai-skills', 'skills');
    writeBasic(path.join(collection, '.curated'), 'pdf');
    writeBasic(path.join(collection, '.curated'), 'docx');
    writeBasic(path.join(collection, '.system'), 'creator');
    const r = await discover({
      home: path.join(base, 'home'),
      workroot: base,
      explicit: [collection],
      trustProject: false,
    });
    expect(r.skills).toEqual([]);
    expect(r.notes.map((n) => [n.path, n.message])).toEqual([
      [
        collection,
        `no skills load from this folder, but ${path.join(collection, '.curated')} holds 2 skills (discovery does not enter dot-folders or look that deep): \`--skills ${path.join(collection, '.curated')}\` loads them`,
      ],
      [
        collection,
        `no skills load from this folder, but ${path.join(collection, '.system')} holds 1 skill (discovery does not enter dot-folders or look that deep): \`--skills ${path.join(collection, '.system')}\` loads it`,
      ],
    ]);
  });

  it("Claude Code's plugin cache given whole: each plugin one version folder down is named", async () => {
    const base = temp('hidden-cache-');
    const cache = path.join(base, 'cache');
    const plugin = path.join(cache, 'market', 'tools', '1.2.0');
    put(path.join(plugin, '.claude-plugin', 'plugin.json'), '{"name":"tools"}');
    writeBasic(path.join(plugin, 'skills'), 'lint');
    const r = await discover({ home: path.join(base, 'home'), workroot: base, explicit: [cache], trustProject: false });
    expect(r.skills).toEqual([]);
    expect(r.notes.map((n) => n.message)).toEqual([
      `no skills load from this folder, but ${plugin} is a Claude Code plugin (a plugin cache keeps each one a version folder down): \`--skills ${plugin}\` loads it; an installed plugin also loads when settings enable it (enabledPlugins)`,
    ]);
  });

  it('a personal root holding a cloned collection is told too; a root that loads skills is not walked', async () => {
    const base = temp('hidden-home-');
    const home = path.join(base, 'home');
    const root = path.join(home, '.agents', 'skills');
    writeBasic(path.join(root, 'clone', 'skills', '.curated'), 'pdf');
    const told = await discover({ home, workroot: base, trustProject: false });
    expect(told.notes.map((n) => n.path)).toEqual([root]);
    writeBasic(root, 'plain');
    const quiet = await discover({ home, workroot: base, trustProject: false });
    expect(quiet.skills.map((s) => s.name)).toEqual(['plain']);
    expect(quiet.notes).toEqual([]);
  });
});
