import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discover } from './discover.js';
import { listResources } from './resources.js';
import { put, useTempDirs, writeBasic, writeSkill } from './temp-tree.test-helper.js';

const temp = useTempDirs();

function setup() {
  const base = temp('skills-discover-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(work, { recursive: true });
  return {
    base,
    home,
    work,
    personal: path.join(home, '.agents', 'skills'),
    project: path.join(work, '.agents', 'skills'),
  };
}

describe('discover', () => {
  it('loads one well-formed skill with every field', async () => {
    const { home, work, personal } = setup();
    const dir = writeSkill(
      personal,
      'pdf-tools',
      [
        'name: pdf-tools',
        'description: >-',
        '  Extract text from PDFs.',
        '  Use when the user mentions PDFs.',
        'allowed-tools: Read Grep Bash(pdftotext:*)',
        'user-invocable: false',
        'disable-model-invocation: off',
        'argument-hint: "<file.pdf>"',
        'license: Apache-2.0',
        'compatibility: needs poppler',
        'metadata:',
        '  author: someone',
        'version: 2',
      ].join('\n'),
    );
    put(path.join(dir, 'references', 'api.md'), '# API\n');
    put(path.join(dir, 'scripts', 'extract.py'), 'print(1)\n');
    const r = await discover({ home, workroot: work });
    expect(r.problems).toEqual([]);
    expect(r.notes).toEqual([]);
    expect(r.skills).toEqual([
      {
        name: 'pdf-tools',
        description: 'Extract text from PDFs. Use when the user mentions PDFs.',
        dir,
        file: path.join(dir, 'SKILL.md'),
        source: 'personal',
        root: personal,
        allowedTools: ['Read', 'Grep', 'Bash(pdftotext:*)'],
        userInvocable: false,
        disableModelInvocation: false,
        argumentHint: '<file.pdf>',
        license: 'Apache-2.0',
        compatibility: 'needs poppler',
        metadata: { author: 'someone' },
        extra: { version: 2 },
      },
    ]);
    expect(listResources(r.skills[0]!)).toEqual({
      resources: ['references/api.md', 'scripts/extract.py'],
      truncated: false,
    });
  });

  it('reads nothing below a skill folder: a file added after discovery is listed when asked', async () => {
    const { home, work, personal } = setup();
    const dir = writeBasic(personal, 'later');
    const [skill] = (await discover({ home, workroot: work })).skills;
    expect(Object.keys(skill!)).not.toContain('resources');
    put(path.join(dir, 'references', 'new.md'), 'x');
    expect(listResources(skill!).resources).toEqual(['references/new.md']);
  });

  it('yields nothing at all when no root exists', async () => {
    const { home, work } = setup();
    expect(await discover({ home, workroot: work })).toEqual({ skills: [], problems: [], notes: [] });
  });

  it('lets a project skill shadow a personal one, with a note naming both', async () => {
    const { home, work, personal, project } = setup();
    writeBasic(personal, 'deploy', 'personal one');
    writeBasic(project, 'deploy', 'project one');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.description, s.source])).toEqual([['deploy', 'project one', 'project']]);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]?.path).toBe(path.join(project, 'deploy', 'SKILL.md'));
    expect(r.notes[0]?.message).toContain(path.join(personal, 'deploy', 'SKILL.md'));
  });

  it('lets an explicit folder shadow a project one, and a later explicit folder an earlier one', async () => {
    const { base, home, work, project } = setup();
    writeBasic(project, 'deploy', 'project');
    writeBasic(path.join(base, 'x1'), 'deploy', 'first explicit');
    writeBasic(path.join(base, 'x2'), 'deploy', 'second explicit');
    const r = await discover({ home, workroot: work, explicit: [path.join(base, 'x1'), path.join(base, 'x2')] });
    expect(r.skills.map((s) => [s.description, s.source])).toEqual([['second explicit', 'explicit']]);
    expect(r.notes).toHaveLength(2);
  });

  it('prefers .agents/skills over .claude/skills at one level', async () => {
    const { home, work } = setup();
    writeBasic(path.join(home, '.claude', 'skills'), 'a', 'claude personal');
    writeBasic(path.join(home, '.agents', 'skills'), 'a', 'agents personal');
    writeBasic(path.join(work, '.agents', 'skills'), 'b', 'agents project');
    writeBasic(path.join(work, '.claude', 'skills'), 'b', 'claude project');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.description)).toEqual(['agents personal', 'agents project']);
    expect(r.notes).toHaveLength(2);
  });

  it('scans project roots from the git top-level down to the work root, nearer winning', async () => {
    const { base, home } = setup();
    const repo = path.join(base, 'repo');
    const work = path.join(repo, 'packages', 'app');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    fs.mkdirSync(work, { recursive: true });
    writeBasic(path.join(base, '.agents', 'skills'), 'outside', 'above the repository');
    writeBasic(path.join(repo, '.agents', 'skills'), 'top', 'top');
    writeBasic(path.join(repo, '.claude', 'skills'), 'shared', 'from top');
    writeBasic(path.join(repo, 'packages', '.claude', 'skills'), 'middle', 'middle');
    writeBasic(path.join(work, '.claude', 'skills'), 'shared', 'from work root');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.description])).toEqual([
      ['middle', 'middle'],
      ['shared', 'from work root'],
      ['top', 'top'],
    ]);
  });

  it('treats a .git file (worktree) as the top-level too', async () => {
    const { base, home } = setup();
    const repo = path.join(base, 'wt');
    put(path.join(repo, '.git'), 'gitdir: /elsewhere\n');
    fs.mkdirSync(path.join(repo, 'sub'), { recursive: true });
    writeBasic(path.join(repo, '.agents', 'skills'), 'wt-skill');
    const r = await discover({ home, workroot: path.join(repo, 'sub') });
    expect(r.skills.map((s) => s.name)).toEqual(['wt-skill']);
  });

  it('outside git, scans only the work root', async () => {
    const { base, home } = setup();
    const work = path.join(base, 'a', 'b');
    fs.mkdirSync(work, { recursive: true });
    writeBasic(path.join(base, 'a', '.agents', 'skills'), 'parent');
    writeBasic(path.join(work, '.agents', 'skills'), 'here');
    expect((await discover({ home, workroot: work })).skills.map((s) => s.name)).toEqual(['here']);
  });

  it('skips every project root when trustProject is false', async () => {
    const { home, work, personal, project } = setup();
    writeBasic(personal, 'mine');
    writeBasic(project, 'theirs');
    const r = await discover({ home, workroot: work, trustProject: false });
    expect(r.skills.map((s) => s.name)).toEqual(['mine']);
  });

  it('loads the home folder once when home is inside the repository, as personal', async () => {
    const { base } = setup();
    const home = path.join(base, 'dotfiles');
    const work = path.join(home, 'code', 'proj');
    fs.mkdirSync(path.join(home, '.git'), { recursive: true });
    fs.mkdirSync(work, { recursive: true });
    writeBasic(path.join(home, '.agents', 'skills'), 'mine');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.source])).toEqual([['mine', 'personal']]);
    expect(r.notes).toEqual([]);
  });

  it('reports each problem kind while the other skills in the root still load', async () => {
    const { home, work, personal } = setup();
    writeBasic(personal, 'good-one');
    writeSkill(personal, 'no-description', 'name: no-description');
    writeSkill(personal, 'wrong-name', 'name: Wrong Name\ndescription: d');
    writeSkill(personal, 'bad-yaml', 'name: bad-yaml\ndescription: d\nx: @y');
    writeSkill(personal, 'under_score', 'name: under_score\ndescription: d');
    writeSkill(personal, '-leading', 'name: -leading\ndescription: d');
    put(path.join(personal, 'no-front', 'SKILL.md'), '# no frontmatter\n');
    put(path.join(personal, 'unclosed', 'SKILL.md'), '---\nname: unclosed\n');
    put(path.join(personal, 'not-map', 'SKILL.md'), '---\n- a\n---\n');
    put(path.join(personal, 'binary', 'SKILL.md'), new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28]));
    put(path.join(personal, 'huge', 'SKILL.md'), `---\nname: huge\ndescription: d\n---\n${'x'.repeat(1024 * 1024)}`);
    put(path.join(personal, 'lower-case', 'skill.md'), '---\nname: lower-case\ndescription: d\n---\n');
    writeBasic(personal, 'zz-last');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['good-one', 'zz-last']);
    const byFolder = new Map(r.problems.map((p) => [path.basename(path.dirname(p.path)), p.message]));
    expect(r.problems).toHaveLength(11);
    expect(byFolder.get('no-description')).toMatch(/description/);
    expect(byFolder.get('wrong-name')).toMatch(/"Wrong Name".*"wrong-name"/);
    expect(byFolder.get('bad-yaml')).toMatch(/line 4/);
    expect(byFolder.get('under_score')).toMatch(/rename the folder to "under-score"/);
    expect(byFolder.get('-leading')).toMatch(/rename the folder to "leading"/);
    expect(byFolder.get('no-front')).toMatch(/no frontmatter/);
    expect(byFolder.get('unclosed')).toMatch(/never closed/);
    expect(byFolder.get('not-map')).toMatch(/not a map/);
    expect(byFolder.get('binary')).toMatch(/UTF-8/);
    expect(byFolder.get('huge')).toMatch(/1 MiB/);
    expect(byFolder.get('lower-case')).toMatch(/rename it to SKILL.md/);
    for (const p of r.problems) expect(fs.existsSync(p.path)).toBe(true);
  });

  it('loads BOM and CRLF files like any other', async () => {
    const { home, work, personal } = setup();
    put(
      path.join(personal, 'crlf', 'SKILL.md'),
      '\uFEFF---\r\nname: crlf\r\ndescription: "Windows file"\r\n---\r\nbody\r\n',
    );
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.description])).toEqual([['crlf', 'Windows file']]);
    expect(r.problems).toEqual([]);
  });

  it('ignores folders without SKILL.md; a skill two levels down is not loaded, and a note names the flag that would load it', async () => {
    const { home, work, personal } = setup();
    fs.mkdirSync(path.join(personal, 'empty'), { recursive: true });
    writeBasic(path.join(personal, 'group'), 'nested');
    put(path.join(personal, 'README.md'), 'not a skill');
    expect(await discover({ home, workroot: work })).toEqual({
      skills: [],
      problems: [],
      notes: [
        {
          path: path.join(personal, 'group', 'nested', 'SKILL.md'),
          message: `this SKILL.md is one level too deep to load (skills sit at <root>/<name>/SKILL.md): \`--skills ${path.join(personal, 'group')}\` loads the skills in group/`,
        },
      ],
    });
  });

  it('sorts skills by name', async () => {
    const { home, work, personal, project } = setup();
    for (const n of ['delta', 'alpha', 'charlie']) writeBasic(personal, n);
    for (const n of ['bravo', 'echo']) writeBasic(project, n);
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
  });

  it('follows a symlinked skill folder and a symlinked root; the same real folder loads once', async () => {
    const { base, home, work, personal } = setup();
    const shared = path.join(base, 'collection');
    const real = writeBasic(shared, 'linked');
    fs.mkdirSync(personal, { recursive: true });
    fs.symlinkSync(real, path.join(personal, 'linked'));
    fs.mkdirSync(path.join(work, '.agents'), { recursive: true });
    fs.symlinkSync(shared, path.join(work, '.agents', 'skills'));
    const r = await discover({ home, workroot: work, explicit: [shared] });
    expect(r.skills).toHaveLength(1);
    expect(r.skills[0]).toMatchObject({
      name: 'linked',
      dir: real,
      file: path.join(real, 'SKILL.md'),
      source: 'explicit',
    });
    expect(r.notes).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it('reports a link loop and a dangling link, and never hangs', async () => {
    const { base, home, work, personal } = setup();
    fs.mkdirSync(personal, { recursive: true });
    fs.symlinkSync(path.join(personal, 'loop-b'), path.join(personal, 'loop-a'));
    fs.symlinkSync(path.join(personal, 'loop-a'), path.join(personal, 'loop-b'));
    fs.symlinkSync(path.join(base, 'missing'), path.join(personal, 'dangling'));
    fs.symlinkSync(personal, path.join(personal, 'self'));
    writeBasic(personal, 'fine');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.name)).toEqual(['fine']);
    expect(
      r.problems.map((p) => [
        path.basename(p.path),
        /loop/.test(p.message) ? 'loop' : /nothing/.test(p.message) ? 'dangling' : p.message,
      ]),
    ).toEqual([
      ['dangling', 'dangling'],
      ['loop-a', 'loop'],
      ['loop-b', 'loop'],
    ]);
  });

  it('reports a dangling root link, a root that is a file and a missing explicit folder', async () => {
    const { base, home, work } = setup();
    fs.mkdirSync(path.join(home, '.agents'), { recursive: true });
    fs.symlinkSync(path.join(base, 'nowhere'), path.join(home, '.agents', 'skills'));
    put(path.join(home, '.claude', 'skills'), 'a file');
    const r = await discover({ home, workroot: work, explicit: [path.join(base, 'absent')] });
    expect(r.skills).toEqual([]);
    expect(r.problems.map((p) => p.path)).toEqual([
      path.join(home, '.claude', 'skills'),
      path.join(home, '.agents', 'skills'),
      path.join(base, 'absent'),
    ]);
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/not a folder/),
      expect.stringMatching(/link to nothing/),
      expect.stringMatching(/does not exist/),
    ]);
  });

  it('accepts an explicit path that is one skill folder', async () => {
    const { base, home, work } = setup();
    const dir = writeBasic(path.join(base, 'one'), 'solo');
    const r = await discover({ home, workroot: work, explicit: [dir] });
    expect(r.skills.map((s) => [s.name, s.source, s.root])).toEqual([['solo', 'explicit', dir]]);
  });

  it('passes on spec-warning notes with the file path', async () => {
    const { home, work, personal } = setup();
    writeSkill(personal, 'chatty', 'name: chatty\ndescription: Use when: talking');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => s.description)).toEqual(['Use when: talking']);
    expect(r.notes).toEqual([
      { path: path.join(personal, 'chatty', 'SKILL.md'), message: expect.stringMatching(/quote/), strict: true },
    ]);
  });
});

describe('allowed-tools entries that do not parse', () => {
  it('are discovery notes naming the skill, the file and the rule; the valid entries still apply', async () => {
    const { home, work, personal } = setup();
    const dir = writeSkill(
      personal,
      'git-helper',
      ['name: git-helper', 'description: Git chores.', 'allowed-tools: Read Bash(git log:*) Bash(git status'].join(
        '\n',
      ),
    );
    const listDir = writeSkill(
      personal,
      'lister',
      ['name: lister', 'description: Lists.', 'allowed-tools:', '  - Grep', '  - "(oops)"', '  - Bash()'].join('\n'),
    );
    const result = await discover({ home, workroot: work });
    expect(result.problems).toEqual([]);
    const bySkill = new Map(result.skills.map((s) => [s.name, s]));
    expect(bySkill.get('git-helper')?.allowedTools).toEqual(['Read', 'Bash(git log:*)']);
    expect(bySkill.get('lister')?.allowedTools).toEqual(['Grep']);
    const notes = result.notes.map((n) => ({ path: n.path, message: n.message }));
    expect(notes).toContainEqual({
      path: path.join(dir, 'SKILL.md'),
      message: expect.stringMatching(
        /^skill "git-helper": allowed-tools entry "Bash\(git status" does not parse: the "\(" is never closed/,
      ) as string,
    });
    const listNotes = notes.filter((n) => n.path === path.join(listDir, 'SKILL.md')).map((n) => n.message);
    expect(listNotes).toHaveLength(2);
    expect(listNotes[0]).toContain('allowed-tools entry "(oops)" does not parse: there is no tool name');
    expect(listNotes[1]).toContain('allowed-tools entry "Bash()" does not parse: the pattern in "()" is empty');
  });
});
