import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext } from './context.js';
import { createToolRegistry } from './registry.js';
import { createSkillTool } from './skill.js';
import { expandSkillArguments, splitArguments } from './skill-arguments.js';

let tmp: string;
const makeSkill = (name: string, body: string, extra: Partial<Skill> = {}): Skill => {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'SKILL.md');
  fs.writeFileSync(file, `---\nname: ${name}\ndescription: test skill ${name}\n---\n${body}`);
  return {
    name,
    description: `test skill ${name}`,
    dir,
    file,
    source: 'project',
    root: tmp,
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
    ...extra,
  };
};

/** A bundled file in a skill folder. */
const put = (dir: string, rel: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), 'x');
};

beforeEach(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skill-')));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('skill tool', () => {
  it('refuses a SKILL.md swapped for a FIFO since discovery, without blocking', { timeout: 5_000 }, async () => {
    const s = makeSkill('swapped', 'Body\n');
    fs.rmSync(s.file);
    execFileSync('mkfifo', [s.file]);
    const r = await createSkillTool([s]).run({ name: 'swapped' }, createToolContext({ root: tmp, skills: [s] }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('FIFO');
  });

  it('returns the header, the fresh body and the files, every time it is called', async () => {
    const s = makeSkill('review', 'Review the diff.\n');
    for (const f of ['ref/a.md', 'scripts/run.sh']) put(s.dir, f);
    const tool = createSkillTool([s]);
    const ctx = createToolContext({ root: tmp, skills: [s] });
    const first = await tool.run({ name: 'review' }, ctx);
    expect(first.content).toBe(
      `Skill: review\nDirectory: ${s.dir}\nRelative paths below resolve against that directory.\n\nReview the diff.\n\nFiles in this skill:\n- ref/a.md\n- scripts/run.sh`,
    );
    fs.writeFileSync(s.file, '---\nname: review\ndescription: x\n---\nEdited body.\n');
    const second = await tool.run({ name: 'review' }, ctx);
    expect(second.content).toContain('\n\nEdited body.');
    expect((await tool.run({ name: 'review' }, ctx)).content).toBe(second.content);
  });

  it('lists the first 50 resources and counts the rest', async () => {
    const resources = Array.from({ length: 60 }, (_, i) => `f${String(i).padStart(2, '0')}.md`);
    const s = makeSkill('big', 'Body');
    for (const f of resources) put(s.dir, f);
    const r = await createSkillTool([s]).run({ name: 'big' }, createToolContext({ root: tmp, skills: [s] }));
    expect(r.content).toContain('- f49.md\n… and 10 more');
    expect(r.content).not.toContain('f50.md');
  });

  it('expands arguments in the body', async () => {
    const s = makeSkill('fix', 'Fix issue $0 in $ARGUMENTS[1]; all: $ARGUMENTS; dir ${SKILL_DIR}\n');
    const r = await createSkillTool([s]).run(
      { name: 'fix', args: '42 "src/a b.ts"' },
      createToolContext({ root: tmp }),
    );
    expect(r.content).toContain(`Fix issue 42 in src/a b.ts; all: 42 "src/a b.ts"; dir ${s.dir}`);
  });

  it('refuses a manual-only skill unless the user turn forced it', async () => {
    const s = makeSkill('deploy', 'Deploy now.', { disableModelInvocation: true });
    const tool = createSkillTool([makeSkill('other', 'x'), s]);
    const refused = await tool.run({ name: 'deploy' }, createToolContext({ root: tmp }));
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('manual-only');
    expect(refused.content).toContain('/deploy');
    const forced = await tool.run({ name: 'deploy' }, createToolContext({ root: tmp, forcedSkill: 'deploy' }));
    expect(forced.isError).toBe(false);
  });

  it('lists real names and suggests the closest for an unknown name', async () => {
    const tool = createSkillTool([makeSkill('review', 'x'), makeSkill('release', 'y')]);
    const r = await tool.run({ name: 'reviwe' }, createToolContext({ root: tmp }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('review, release');
    expect(r.content).toContain('Did you mean "review"?');
  });

  it('reports a vanished SKILL.md as an error naming it', async () => {
    const s = makeSkill('gone', 'x');
    fs.rmSync(s.file);
    const r = await createSkillTool([s]).run({ name: 'gone' }, createToolContext({ root: tmp }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain(s.file);
  });

  it('is in the registry only when skills exist, with an enum of model-invocable names', () => {
    expect(
      createToolRegistry({ rgPath: null })
        .definitions()
        .map((d) => d.name),
    ).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'write_file', 'bash']);
    const reg = createToolRegistry({
      rgPath: null,
      skills: [makeSkill('a-skill', 'x'), makeSkill('manual', 'y', { disableModelInvocation: true })],
    });
    const def = reg.definitions().find((d) => d.name === 'skill');
    expect(def?.input_schema).toMatchObject({ properties: { name: { type: 'string', enum: ['a-skill'] } } });
    expect(reg.get('skill')?.kind).toBe('read');
    const prepared = reg.prepare('skill', { name: 'a-skill' }, { root: tmp });
    expect(prepared.ok && prepared.permission).toEqual({ target: 'a-skill' });
  });
});

describe('expandSkillArguments', () => {
  it('appends ARGUMENTS when the body has no placeholder and args are given', () => {
    expect(expandSkillArguments('Do it.\n', 'x y', '/d')).toBe('Do it.\n\nARGUMENTS: x y');
    expect(expandSkillArguments('Do it.', '', '/d')).toBe('Do it.');
    expect(expandSkillArguments('In ${CLAUDE_SKILL_DIR}', 'a', '/d')).toBe('In /d\n\nARGUMENTS: a');
  });

  it('replaces missing positional arguments with nothing', () => {
    expect(expandSkillArguments('[$1][$ARGUMENTS[5]]', 'only', '/d')).toBe('[][]');
  });

  it('splits shell-style, respecting quotes', () => {
    expect(splitArguments(`a 'b c' "d \\"e\\"" f\\ g ''`)).toEqual(['a', 'b c', 'd "e"', 'f g', '']);
  });
});
