import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandText } from './commands.js';
import { discover } from './discover.js';
import { loadBody } from './load-body.js';
import { listResources } from './resources.js';
import { put, useTempDirs, writeBasic } from './temp-tree.test-helper.js';

const temp = useTempDirs();

function setup() {
  const base = temp('skills-commands-');
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  fs.mkdirSync(path.join(work, '.git'), { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  return {
    home,
    work,
    personal: path.join(home, '.claude', 'commands'),
    project: path.join(work, '.claude', 'commands'),
  };
}

describe('.claude/commands as skills', () => {
  it('names commands by their path (a subfolder is a namespace), personal and project alike', async () => {
    const { home, work, personal, project } = setup();
    put(path.join(project, 'review.md'), 'Review the diff for bugs.\n');
    put(path.join(project, 'frontend', 'component.md'), '# Make a component\n\nCreate $ARGUMENTS.\n');
    put(path.join(personal, 'git', 'wip.md'), '---\ndescription: Commit work in progress\n---\nCommit.\n');
    put(path.join(project, 'notes.txt'), 'not a command');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.source, s.description])).toEqual([
      ['frontend:component', 'project', 'Make a component'],
      ['git:wip', 'personal', 'Commit work in progress'],
      ['review', 'project', 'Review the diff for bugs.'],
    ]);
    expect(r.problems).toEqual([]);
    const component = r.skills[0]!;
    // No frontmatter: the user's own /frontend:component, never offered to the model (Claude Code's rule).
    expect(component).toMatchObject({ command: true, userInvocable: true, disableModelInvocation: true });
    expect(r.skills.find((s) => s.name === 'git:wip')).toMatchObject({ disableModelInvocation: false });
    expect(component.file).toBe(path.join(project, 'frontend', 'component.md'));
    expect(await loadBody(component)).toEqual({ ok: true, body: '# Make a component\n\nCreate $ARGUMENTS.\n' });
    expect(listResources(component)).toEqual({ resources: [], truncated: false });
  });

  it('a skill of the same name wins over a command, with a note naming both files', async () => {
    const { home, work, project } = setup();
    put(path.join(project, 'deploy.md'), 'Old deploy steps.\n');
    writeBasic(path.join(work, '.claude', 'skills'), 'deploy');
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.command ?? false])).toEqual([['deploy', false]]);
    expect(r.notes.map((n) => n.message)).toEqual([
      `skill "deploy" (project) shadows ${path.join(project, 'deploy.md')} (project); rename one of the folders to keep both`,
    ]);
  });

  it('frontmatter fields apply as in SKILL.md; a name key is ignored (the path names it)', () => {
    const parsed = parseCommandText(
      '---\nname: other\nallowed-tools: Bash(git status:*)\nargument-hint: "[msg]"\ndisable-model-invocation: true\n---\nCommit with $ARGUMENTS\n',
      '/c/commit.md',
      'commit',
    );
    expect(parsed).toMatchObject({
      ok: true,
      fields: {
        name: 'commit',
        description: 'Commit with $ARGUMENTS',
        allowedTools: ['Bash(git status:*)'],
        argumentHint: '[msg]',
        disableModelInvocation: true,
      },
    });
  });

  it('an empty file, or broken frontmatter, is a problem naming the file; a bad file name names the rename', async () => {
    expect(parseCommandText('\n\n', '/c/x.md', 'x')).toEqual({
      ok: false,
      problem: { path: '/c/x.md', message: 'the command file is empty' },
    });
    const broken = parseCommandText('---\ndescription: [unclosed\n---\nbody\n', '/c/y.md', 'y');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.problem.path).toBe('/c/y.md');
    const { home, work, project } = setup();
    put(path.join(project, 'two words.md'), 'x\n');
    const r = await discover({ home, workroot: work });
    expect(r.skills).toEqual([]);
    expect(r.problems.map((p) => p.message)).toEqual([
      'the command file name "two words.md" cannot be typed as /two words: rename it without spaces, slashes or a leading dot or hyphen',
    ]);
  });

  it('reads four subfolders deep, skips dot-entries, follows a linked command file', async () => {
    const { home, work, project } = setup();
    put(path.join(project, 'a', 'b', 'c', 'd', 'deep.md'), 'Deep enough.\n');
    put(path.join(project, 'a', 'b', 'c', 'd', 'e', 'deeper.md'), 'Too deep.\n');
    put(path.join(project, '.drafts', 'wip.md'), 'Hidden.\n');
    put(path.join(project, '.hidden.md'), 'Hidden.\n');
    put(path.join(work, 'shared', 'lint.md'), 'Lint the tree.\n');
    fs.symlinkSync(path.join(work, 'shared', 'lint.md'), path.join(project, 'lint.md'));
    const r = await discover({ home, workroot: work });
    expect(r.skills.map((s) => [s.name, s.file])).toEqual([
      ['a:b:c:d:deep', path.join(project, 'a', 'b', 'c', 'd', 'deep.md')],
      ['lint', path.join(work, 'shared', 'lint.md')],
    ]);
  });

  it('project commands are skipped when the project is not trusted', async () => {
    const { home, work, project } = setup();
    put(path.join(project, 'review.md'), 'Review.\n');
    expect((await discover({ home, workroot: work, trustProject: false })).skills).toEqual([]);
  });
});
