import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Skill } from '@coding-harness/skills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolContext, createToolRegistry } from '@coding-harness/tools';
import { createSkillTool, SKILL_NAME_ENUM_BUDGET } from './skill.js';
import type { SkillToolRuntime } from './skill.js';
import { capSkillBody, MAX_SKILL_BODY_BYTES } from './skill-body-cap.js';
import { expandSkillArguments, splitArguments } from './skill-arguments.js';
import { runTool } from './testing/run-tool.test.util.js';

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
  it('refuses a SKILL.md swapped for a FIFO since discovery, without blocking', async () => {
    const s = makeSkill('swapped', 'Body\n');
    fs.rmSync(s.file);
    execFileSync('mkfifo', [s.file]);
    const r = await runTool(createSkillTool([s]), { name: 'swapped' }, createToolContext({ root: tmp, skills: [s] }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('FIFO');
  });

  it('returns the header, the fresh body and the files, every time it is called', async () => {
    const s = makeSkill('review', 'Review the diff.\n');
    for (const f of ['ref/a.md', 'scripts/run.sh']) put(s.dir, f);
    const tool = createSkillTool([s]);
    const ctx = createToolContext({ root: tmp, skills: [s] });
    const first = await runTool(tool, { name: 'review' }, ctx);
    expect(first.content).toBe(
      `Skill: review\nDirectory: ${s.dir}\nRelative paths below resolve against that directory.\n\nReview the diff.\n\nFiles in this skill:\n- ref/a.md\n- scripts/run.sh`,
    );
    fs.writeFileSync(s.file, '---\nname: review\ndescription: x\n---\nEdited body.\n');
    const second = await runTool(tool, { name: 'review' }, ctx);
    expect(second.content).toContain('\n\nEdited body.');
    expect((await runTool(tool, { name: 'review' }, ctx)).content).toBe(second.content);
  });

  it('lists the first 50 resources and counts the rest', async () => {
    const resources = Array.from({ length: 60 }, (_, i) => `f${String(i).padStart(2, '0')}.md`);
    const s = makeSkill('big', 'Body');
    for (const f of resources) put(s.dir, f);
    const r = await runTool(createSkillTool([s]), { name: 'big' }, createToolContext({ root: tmp, skills: [s] }));
    expect(r.content).toContain('- f49.md\n… and 10 more');
    expect(r.content).not.toContain('f50.md');
  });

  it('expands arguments in the body', async () => {
    const s = makeSkill('fix', 'Fix issue $0 in $ARGUMENTS[1]; all: $ARGUMENTS; dir ${SKILL_DIR}\n');
    const r = await runTool(
      createSkillTool([s]),
      { name: 'fix', args: '42 "src/a b.ts"' },
      createToolContext({ root: tmp }),
    );
    expect(r.content).toContain(`Fix issue 42 in src/a b.ts; all: 42 "src/a b.ts"; dir ${s.dir}`);
  });

  it('refuses a manual-only skill unless the user forced this call', async () => {
    const s = makeSkill('deploy', 'Deploy now.', { disableModelInvocation: true });
    const tool = createSkillTool([makeSkill('other', 'x'), s]);
    const refused = await runTool(tool, { name: 'deploy' }, createToolContext({ root: tmp }));
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('manual-only');
    expect(refused.content).toContain('/deploy');
    const forcedRuntime: SkillToolRuntime = {
      skills: () => [makeSkill('other', 'x'), s],
      forced: (callId) => callId === 'call-forced',
      sessionId: () => undefined,
    };
    const forced = await runTool(
      createSkillTool(forcedRuntime),
      { name: 'deploy' },
      {
        ...createToolContext({ root: tmp }),
        callId: 'call-forced',
      },
    );
    expect(forced.isError).toBe(false);
  });

  it("fills ${CLAUDE_EFFORT} with the runtime's effort", async () => {
    const s = makeSkill('deep', 'Think at ${CLAUDE_EFFORT} effort.');
    const runtime: SkillToolRuntime = {
      skills: () => [s],
      forced: () => false,
      sessionId: () => undefined,
      effort: () => 'xhigh',
    };
    const r = await runTool(createSkillTool(runtime), { name: 'deep' }, createToolContext({ root: tmp }));
    expect(r.content).toContain('Think at xhigh effort.');
  });

  it('lists real names and suggests the closest for an unknown name', async () => {
    const tool = createSkillTool([makeSkill('review', 'x'), makeSkill('release', 'y')]);
    const r = await runTool(tool, { name: 'reviwe' }, createToolContext({ root: tmp }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('review, release');
    expect(r.content).toContain('Did you mean "review"?');
  });

  it('reports a vanished SKILL.md as an error naming it', async () => {
    const s = makeSkill('gone', 'x');
    fs.rmSync(s.file);
    const r = await runTool(createSkillTool([s]), { name: 'gone' }, createToolContext({ root: tmp }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain(s.file);
  });

  it('is no built-in tool; in a tool set it declares an enum of the model-invocable names', () => {
    expect(
      createToolRegistry({ rgPath: null })
        .definitions()
        .map((d) => d.name),
    ).toEqual(['read_file', 'glob', 'grep', 'edit_file', 'write_file', 'bash']);
    const reg = withSkillTool([makeSkill('a-skill', 'x'), makeSkill('manual', 'y', { disableModelInvocation: true })]);
    const def = reg.definitions().find((d) => d.name === 'skill');
    expect(def?.input_schema).toMatchObject({ properties: { name: { type: 'string', enum: ['a-skill'] } } });
    expect(reg.get('skill')?.kind).toBe('read');
    const prepared = reg.prepare('skill', { name: 'a-skill' }, { root: tmp });
    expect(prepared.ok && prepared.permission).toEqual({ target: 'a-skill' });
  });
});

/** `n` skills (descriptions only; no files needed for schema and search). */
const many = (n: number): Skill[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `skill-${String(i).padStart(5, '0')}`,
    description: i === 4242 ? 'Fills PDF forms from a CSV of answers.' : `Generic helper number ${i}.`,
    dir: `/nowhere/skill-${i}`,
    file: `/nowhere/skill-${i}/SKILL.md`,
    source: 'project' as const,
    root: '/nowhere',
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
  }));

describe('skill tool at scale', () => {
  it('sends the name enum only while it fits its budget; beyond, name is a string and query appears', () => {
    const small = withSkillTool(many(50)).definitions().at(-1)!;
    expect(small.input_schema).toMatchObject({ required: ['name'], properties: { name: { enum: expect.any(Array) } } });
    expect(Object.keys(small.input_schema.properties as object)).toEqual(['name', 'args']);
    expect(JSON.stringify(many(50).map((s) => s.name)).length).toBeLessThanOrEqual(SKILL_NAME_ENUM_BUDGET);
    const large = withSkillTool(many(10_000)).definitions().at(-1)!;
    const props = large.input_schema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(props)).toEqual(['name', 'query', 'args']);
    expect(props.name).not.toHaveProperty('enum');
    expect(large.input_schema).not.toHaveProperty('required');
    expect(JSON.stringify(large).length).toBeLessThan(1_500);
  });

  it('answers an unknown name with the closest names, not every name', async () => {
    const r = await runTool(createSkillTool(many(10_000)), { name: 'skill-0424' }, createToolContext({ root: tmp }));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('10000 skills are available');
    expect(r.content).toMatch(/Closest names: "skill-0\d{4}", "skill-0\d{4}", "skill-0\d{4}"/);
    expect(r.content).toContain('query');
    expect(r.content.length).toBeLessThan(400);
  });

  it('searches names and descriptions with query: more matched words rank first, names before descriptions', async () => {
    const skills = many(10_000);
    const tool = createSkillTool(skills);
    const ctx = createToolContext({ root: tmp });
    const pdf = await runTool(tool, { query: 'pdf FORMS' }, ctx);
    expect(pdf).toMatchObject({ isError: false });
    expect(pdf.content).toBe(
      '1 skill matches "pdf FORMS". Load one with the skill tool\'s name:\n- skill-04242: Fills PDF forms from a CSV of answers.',
    );
    const byName = await runTool(tool, { query: 'skill-0000' }, ctx);
    expect(byName.content).toMatch(/^10000 skills match "skill-0000", 10 of them every word \(the best 20 shown/);
    expect(byName.content.split('\n')[1]).toBe('- skill-00000: Generic helper number 0.');
    const broad = await runTool(tool, { query: 'generic' }, ctx);
    expect(broad.content).toMatch(/^9999 skills match "generic" \(the best 20 shown; add words to narrow it\)/);
    expect(broad.content.split('\n')).toHaveLength(21);
    // One good word is enough: the words no skill holds cost nothing.
    const loose = await runTool(tool, { query: 'kubernetes csv helm' }, ctx);
    expect(loose.content.split('\n')[1]).toBe('- skill-04242: Fills PDF forms from a CSV of answers.');
    const none = await runTool(tool, { query: 'kubernetes' }, ctx);
    expect(none).toMatchObject({ isError: false });
    expect(none.content).toContain('No skill matches "kubernetes"');
  });

  it('ranks by how many words match, then by how many of them are in the name', async () => {
    const base = many(1)[0]!;
    const skills = [
      { ...base, name: 'pdf', description: 'Anything about documents.' },
      { ...base, name: 'forms', description: 'Fills PDF forms.' },
      { ...base, name: 'merge', description: 'Merges PDF files and fills forms.' },
      { ...base, name: 'deploy', description: 'Ships the app.' },
    ];
    const r = await runTool(createSkillTool(skills), { query: 'fill pdf forms' }, createToolContext({ root: tmp }));
    expect(r.content.split('\n').slice(1)).toEqual([
      '- forms: Fills PDF forms.',
      '- merge: Merges PDF files and fills forms.',
      '- pdf: Anything about documents.',
    ]);
  });

  it('leaves manual-only skills out of a search and wants exactly one of name and query', async () => {
    const skills = [...many(200), { ...many(1)[0]!, name: 'secret-deploy', disableModelInvocation: true }];
    const tool = createSkillTool(skills);
    const ctx = createToolContext({ root: tmp });
    expect((await runTool(tool, { query: 'secret' }, ctx)).content).toContain('No skill matches');
    expect(await runTool(tool, {}, ctx)).toMatchObject({ isError: true });
    expect(await runTool(tool, { name: 'skill-00001', query: 'x' }, ctx)).toMatchObject({ isError: true });
  });

  it('loads any of 10,000 skills by name, through the registry as a model call would', async () => {
    const s = makeSkill('wanted-one', 'The wanted body.\n');
    const reg = withSkillTool([...many(10_000), s]);
    const prepared = reg.prepare('skill', { name: 'wanted-one' }, { root: tmp });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.permission).toEqual({ target: 'wanted-one' });
    const r = await runTool(prepared.tool, prepared.input, createToolContext({ root: tmp, skills: [s] }));
    expect(r.content).toContain('\n\nThe wanted body.');
  });
});

describe('skill body limit', () => {
  it('cuts a body over 256 KiB at a line break, with a read_file pointer to the line where the rest starts', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const body = line.repeat(3_000);
    const s = makeSkill('huge', body);
    const r = await runTool(createSkillTool([s]), { name: 'huge' }, createToolContext({ root: tmp, skills: [s] }));
    expect(r.isError).toBe(false);
    const kept = Math.floor(MAX_SKILL_BODY_BYTES / 100);
    // Frontmatter is 4 lines (---, name, description, ---): the rest starts at line 4 + kept + 1.
    expect(r.content).toContain(
      `[This skill's instructions are cut here: the first 256 KiB of 293 KiB are above. Read the rest of ${s.file} with read_file {"path": ${JSON.stringify(s.file)}, "offset": ${4 + kept + 1}}, continuing from where each read stops.]`,
    );
    expect(r.content.split('\n').filter((l) => l === line.trim())).toHaveLength(kept);
    const read = fs.readFileSync(s.file, 'utf8').split('\n')[4 + kept];
    expect(read).toBe(line.trim());
  });

  it('leaves a body within the limit alone and never cuts inside a character', () => {
    expect(capSkillBody('short\n', '/x/SKILL.md')).toEqual({ body: 'short\n', pointer: '' });
    const capped = capSkillBody('é'.repeat(10), '/missing/SKILL.md', 5);
    expect(capped.body).toBe('éé');
    expect(capped.pointer).toContain('from line 1 of its body');
  });
});

describe('expandSkillArguments', () => {
  it('appends ARGUMENTS when the body has no placeholder and args are given', () => {
    expect(expandSkillArguments('Do it.\n', 'x y', '/d')).toBe('Do it.\n\nARGUMENTS: x y');
    expect(expandSkillArguments('Do it.', '', '/d')).toBe('Do it.');
    expect(expandSkillArguments('In ${CLAUDE_SKILL_DIR}', 'a', '/d')).toBe('In /d\n\nARGUMENTS: a');
  });

  it('empties a positional placeholder with no argument, as Claude Code does', () => {
    expect(expandSkillArguments('[$1][$ARGUMENTS[5]]', 'only', '/d')).toBe('[][]');
  });

  it('splits shell-style, respecting quotes', () => {
    expect(splitArguments(`a 'b c' "d \\"e\\"" f\\ g ''`)).toEqual(['a', 'b c', 'd "e"', 'f g', '']);
  });
});

/** A tool set of the built-in tools and the skill tool over `skills`, as the session builds it. */
function withSkillTool(skills: readonly Skill[]) {
  return createToolRegistry({ rgPath: null, tools: [createSkillTool(skills)] });
}
