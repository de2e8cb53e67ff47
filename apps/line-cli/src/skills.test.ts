import * as fsModule from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './test-support/cli.js';
import {
  body,
  childEnv,
  cleanup,
  makeSandbox,
  mock,
  resultText,
  run,
  systemText,
  toolResults,
} from './test-support/cli.js';

afterEach(cleanup);

const DEMO_FRONTMATTER =
  'name: demo-skill\ndescription: Tidies notes by a bundled style guide; use when asked to tidy notes.';

/** A personal skill (in the sandbox home, so outside the work root) with a bundled reference. */
function personalSkill(box: Sandbox): string {
  const parent = join(box.home, '.agents', 'skills');
  const { mkdirSync, writeFileSync } = fsModule;
  mkdirSync(join(parent, 'demo-skill', 'references'), { recursive: true });
  writeFileSync(
    join(parent, 'demo-skill', 'SKILL.md'),
    `---\n${DEMO_FRONTMATTER}\n---\nRead references/style.md first. Arguments: $ARGUMENTS\n`,
  );
  writeFileSync(join(parent, 'demo-skill', 'references', 'style.md'), 'Never write teh.\n');
  return join(parent, 'demo-skill');
}

describe('skills in a session', () => {
  it('a forced /skill call, a read of its reference outside the work root, and a refused write there', async () => {
    const box = makeSandbox();
    const dir = personalSkill(box);
    const ref = join(dir, 'references', 'style.md');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('read_file', { path: ref })
        .toolUse('write_file', { path: ref, content: 'overwritten\n' })
        .text('done')
        .build(),
    );
    const res = await run(
      ['-C', box.work, '-p', '/demo-skill notes.txt', '--permission-mode', 'bypass', '--output-format', 'events'],
      { env: childEnv(box, server) },
    );
    expect(res.code).toBe(0);
    const first = body(server.messageRequests()[0]);
    const [user, assistant, results] = first.messages;
    expect(user).toMatchObject({ role: 'user' });
    expect(JSON.stringify(user!.content)).toContain('/demo-skill notes.txt');
    expect(assistant!.content).toEqual([
      expect.objectContaining({ type: 'tool_use', name: 'skill', input: { name: 'demo-skill', args: 'notes.txt' } }),
    ]);
    const skillResult = toolResults(server.messageRequests()[0])[0]!;
    expect(resultText(skillResult)).toContain('Read references/style.md first. Arguments: notes.txt');
    expect(results).toMatchObject({ role: 'user' });

    const read = toolResults(server.messageRequests()[1]).at(-1)!;
    expect(read.is_error ?? false).toBe(false);
    expect(resultText(read)).toContain('Never write teh.');

    const write = toolResults(server.messageRequests()[2]).at(-1)!;
    expect(write.is_error).toBe(true);
    expect(resultText(write)).toContain(box.work);
    expect(readFileSync(ref, 'utf8')).toBe('Never write teh.\n');

    const events = res.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { type: string; callId: string; name: string; forced: boolean; isError: boolean },
      );
    const finished = new Map(events.filter((e) => e.type === 'tool_call_finished').map((e) => [e.callId, e.isError]));
    const calls = events.filter((e) => e.type === 'tool_call_started');
    expect(calls.map((c) => [c.name, c.forced, finished.get(c.callId)])).toEqual([
      ['skill', true, false],
      ['read_file', false, false],
      ['write_file', false, true],
    ]);
  });

  it('the skill tool and the listing are in the request when skills were found', async () => {
    const box = makeSandbox();
    personalSkill(box);
    const server = await mock(new ScriptBuilder().text('ok').build());
    await run(['-C', box.work, '-p', 'hello'], { env: childEnv(box, server) });
    const req = server.messageRequests()[0];
    expect(body(req).tools!.map((t) => t.name)).toContain('skill');
    expect(systemText(req)).toContain('demo-skill');
  });

  it('--no-skills: no skill tool, no listing, and /demo-skill is refused, never sent to the model', async () => {
    const box = makeSandbox();
    personalSkill(box);
    const server = await mock(new ScriptBuilder().text('plain').build());
    const refused = await run(['-C', box.work, '-no-skills', '-p', '/demo-skill notes.txt'], {
      env: childEnv(box, server),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('/demo-skill is not a command (skills are off), so nothing was sent to the model');
    expect(server.messageRequests()).toHaveLength(0);
    const res = await run(['-C', box.work, '-no-skills', '-p', 'use /demo-skill notes.txt'], {
      env: childEnv(box, server),
    });
    expect(res.code).toBe(0);
    const req = server.messageRequests()[0];
    expect(body(req).tools!.map((t) => t.name)).not.toContain('skill');
    expect(systemText(req)).not.toContain('demo-skill');
    expect(systemText(req)).not.toContain('Available skills');
    expect(body(req).messages).toHaveLength(1);
    expect(JSON.stringify(body(req).messages[0]!.content)).toContain('/demo-skill notes.txt');
  });

  it('a broken skill is reported on stderr and never stops the run', async () => {
    const box = makeSandbox();
    fsModule.mkdirSync(join(box.work, '.agents', 'skills', 'broken'), { recursive: true });
    fsModule.writeFileSync(join(box.work, '.agents', 'skills', 'broken', 'SKILL.md'), 'no frontmatter here\n');
    const server = await mock(new ScriptBuilder().text('fine').build());
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('1 skill skipped; run harness skills for details');
  });
});

describe('harness skills', () => {
  it('--json lists skills, problems and notes with the documented field names', async () => {
    const box = makeSandbox();
    personalSkill(box);
    fsModule.mkdirSync(join(box.work, '.agents', 'skills', 'project-skill'), { recursive: true });
    fsModule.writeFileSync(
      join(box.work, '.agents', 'skills', 'project-skill', 'SKILL.md'),
      '---\nname: project-skill\ndescription: A project skill.\nuser-invocable: false\n---\nbody\n',
    );
    fsModule.mkdirSync(join(box.work, '.agents', 'skills', 'broken'), { recursive: true });
    fsModule.writeFileSync(join(box.work, '.agents', 'skills', 'broken', 'SKILL.md'), 'no frontmatter\n');
    const res = await run(['skills', '--json', '-C', box.work], { env: childEnv(box, undefined) });
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as {
      skills: Array<Record<string, unknown>>;
      problems: Array<Record<string, unknown>>;
      notes: unknown[];
    };
    expect(out.skills.map((s) => [s.name, s.source, s.userInvocable, s.modelInvocable])).toEqual([
      ['demo-skill', 'personal', true, true],
      ['project-skill', 'project', false, true],
    ]);
    for (const s of out.skills)
      expect(Object.keys(s)).toEqual(
        expect.arrayContaining([
          'name',
          'description',
          'source',
          'dir',
          'file',
          'userInvocable',
          'modelInvocable',
          'allowedTools',
        ]),
      );
    expect(out.problems).toEqual([
      expect.objectContaining({ path: expect.stringContaining('broken'), message: expect.any(String) }),
    ]);
    expect(Array.isArray(out.notes)).toBe(true);
  });

  it('honours --untrusted and --no-skills like a session', async () => {
    const box = makeSandbox();
    personalSkill(box);
    fsModule.mkdirSync(join(box.work, '.agents', 'skills', 'project-skill'), { recursive: true });
    fsModule.writeFileSync(
      join(box.work, '.agents', 'skills', 'project-skill', 'SKILL.md'),
      '---\nname: project-skill\ndescription: A project skill.\n---\nbody\n',
    );
    const untrusted = JSON.parse(
      (await run(['skills', '--json', '-C', box.work, '--untrusted'], { env: childEnv(box, undefined) })).stdout,
    ) as { skills: Array<{ name: string }> };
    expect(untrusted.skills.map((s) => s.name)).toEqual(['demo-skill']);
    const none = JSON.parse(
      (await run(['skills', '--json', '-C', box.work, '--no-skills'], { env: childEnv(box, undefined) })).stdout,
    ) as { skills: unknown[] };
    expect(none.skills).toEqual([]);
  });

  it('text listing names each skill, its source and file', async () => {
    const box = makeSandbox();
    const dir = personalSkill(box);
    const res = await run(['skills', '-C', box.work], { env: childEnv(box, undefined) });
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('/demo-skill');
    expect(res.stdout).toContain('personal');
    expect(res.stdout).toContain(join(dir, 'SKILL.md'));
  });

  it('lint: a good skill exits 0, a broken one exits 1 with the problem', async () => {
    const box = makeSandbox();
    const good = personalSkill(box);
    const ok = await run(['skills', 'lint', good], { env: childEnv(box, undefined) });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('0 problems');

    const bad = join(box.root, 'bad-skill');
    fsModule.mkdirSync(bad);
    fsModule.writeFileSync(join(bad, 'SKILL.md'), '---\nname: Not A Slug\n---\nbody\n');
    const res = await run(['skills', 'lint', bad], { env: childEnv(box, undefined) });
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/^problem: .*bad-skill/m);
  });
});

describe('an allowed-tools rule that does not parse', () => {
  function brokenRuleSkill(box: Sandbox): string {
    const parent = join(box.home, '.agents', 'skills');
    fsModule.mkdirSync(join(parent, 'status'), { recursive: true });
    const file = join(parent, 'status', 'SKILL.md');
    fsModule.writeFileSync(
      file,
      '---\nname: status\ndescription: Shows the repository status.\nallowed-tools: Bash(echo:*) Bash(git status\n---\nRun git status.\n',
    );
    return file;
  }

  it('is a note of harness skills (text and --json) naming the skill, the file and the rule', async () => {
    const box = makeSandbox();
    const file = brokenRuleSkill(box);
    const text = await run(['skills', '-C', box.work], { env: childEnv(box, undefined) });
    expect(text.code).toBe(0);
    expect(text.stdout + text.stderr).toContain('allowed-tools entry "Bash(git status" does not parse');
    const json = JSON.parse(
      (await run(['skills', '--json', '-C', box.work], { env: childEnv(box, undefined) })).stdout,
    ) as { notes: Array<{ path: string; message: string }> };
    const note = json.notes.find((n) => n.message.includes('does not parse'));
    expect(note).toEqual({ path: file, message: expect.stringContaining('skill "status"') });
    expect(note!.message).toContain('"Bash(git status"');
  });

  it('invoking the skill says so in the same words, and its valid entries still apply', async () => {
    const box = makeSandbox();
    brokenRuleSkill(box);
    const server = await mock(new ScriptBuilder().toolUse('bash', { command: 'echo granted' }).text('ran it').build());
    // -p asks nobody: the echo runs only because the valid entry Bash(echo:*) granted it (/status is a built-in, so /skill:status).
    const res = await run(['-C', box.work, '--verbose', '-p', '/skill:status'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    // Start-up only counts the notes; the skill's own note is said in full when it loads.
    expect(res.stderr).toContain('2 skill notes; run harness skills for details');
    expect(res.stderr).toMatch(
      /skill note: .*status\/SKILL\.md: .*allowed-tools entry "Bash\(git status" does not parse/,
    );
    expect(res.stdout).toBe('ran it\n');
    const results = toolResults(server.messageRequests()[1]);
    expect(results.at(-1)!.is_error).toBeFalsy();
    expect(resultText(results.at(-1)!)).toContain('granted');
  });
});
