import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

// Removing 10,000 skill folders took over a minute on a busy machine (a limit only).
afterEach(cleanup, 300_000);

const TOPICS = ['pdf-forms', 'release-notes', 'terraform-plans', 'sql-migrations', 'api-reviews', 'flaky-tests'];

/** `n` personal skills written the way real collections write them (descriptions of about 240 characters). */
function syntheticSkills(box: Sandbox, n: number): { name: string; description: string }[] {
  const parent = join(box.home, '.agents', 'skills');
  const out: { name: string; description: string }[] = [];
  for (let i = 0; i < n; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const name = `${topic}-${String(i).padStart(5, '0')}`;
    const description = `Use when the user asks to work on ${topic.replace('-', ' ')} (variant ${i}): reads the inputs, checks them against the house conventions, proposes the change step by step and verifies the result with the project's own tools.`;
    mkdirSync(join(parent, name), { recursive: true });
    writeFileSync(
      join(parent, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\nBody of ${name}: follow these steps. Arguments: $ARGUMENTS\n`,
    );
    out.push({ name, description });
  }
  return out;
}

/** The listing lines of a request's skills block. */
function listingLines(system: string): string[] {
  const at = system.indexOf('Available skills:\n');
  expect(at).toBeGreaterThan(0);
  return system.slice(at + 'Available skills:\n'.length).split('\n');
}

const BUDGET = { SLASH_COMMAND_TOOL_CHAR_BUDGET: '8000' };

describe('skills at scale, through the built CLI', () => {
  it('203 skills in 8,000 characters: every name, at least a dozen whole descriptions, the most used ones first', async () => {
    const box = makeSandbox();
    const skills = syntheticSkills(box, 203);
    const server = await mock(new ScriptBuilder().text('ok').text('ok').text('ok').build());
    const env = childEnv(box, server, BUDGET);
    const first = await run(['-C', box.work, '-p', 'hi'], { env });
    expect(first.code).toBe(0);
    const lines = listingLines(systemText(server.messageRequests()[0]));
    expect(lines.join('\n').length).toBeLessThanOrEqual(8_000);
    for (const s of skills) expect(lines.some((l) => l === `- ${s.name}` || l.startsWith(`- ${s.name}: `))).toBe(true);
    const whole = skills.filter((s) => lines.includes(`- ${s.name}: ${s.description}`));
    expect(whole.length).toBeGreaterThanOrEqual(12);
    // Unused skills rank by name: the last one has no description yet.
    const last = skills.at(-1)!;
    expect(lines).toContain(`- ${last.name}`);

    // Loading it with /name counts a use under the XDG state dir; the next session describes it.
    const forced = await run(['-C', box.work, '-p', `/${last.name} now`], { env });
    expect(forced.code).toBe(0);
    const usage = join(box.state, 'coding-harness', 'skill-usage.json');
    expect(JSON.parse(readFileSync(usage, 'utf8'))).toEqual({ version: 1, counts: { [last.name]: 1 } });
    await run(['-C', box.work, '-p', 'hi'], { env });
    const next = listingLines(systemText(server.messageRequests()[2]));
    expect(next).toContain(`- ${last.name}: ${last.description}`);
  });

  it('a listing entry carries when_to_use after the description', async () => {
    const box = makeSandbox();
    const dir = join(box.home, '.agents', 'skills', 'tidy-notes');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'SKILL.md'),
      '---\nname: tidy-notes\ndescription: Tidies notes by the house style.\nwhen_to_use: |\n  When the user asks\n  to clean up notes.\n---\nBody.\n',
    );
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(listingLines(systemText(server.messageRequests()[0]))).toEqual([
      '- tidy-notes: Tidies notes by the house style. - When the user asks to clean up notes.',
    ]);
  });

  it('a corrupt usage file is a start-up notice naming it, not a crash', async () => {
    const box = makeSandbox();
    syntheticSkills(box, 3);
    mkdirSync(join(box.state, 'coding-harness'), { recursive: true });
    const usage = join(box.state, 'coding-harness', 'skill-usage.json');
    writeFileSync(usage, '{ not json');
    const server = await mock(new ScriptBuilder().text('ok').build());
    const res = await run(['-C', box.work, '-p', 'hi'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(`skill usage counts ignored: ${usage} is not JSON`);
    expect(existsSync(usage)).toBe(true);
  });

  it('10,000 skills: system plus tools under 24 KB, and any skill loads by name, by query and by /name', async () => {
    const box = makeSandbox();
    const skills = syntheticSkills(box, 10_000);
    const wanted = skills[9_871]!;
    expect(wanted.name).toBe('release-notes-09871');
    const server = await mock(
      new ScriptBuilder()
        .toolUse('skill', { query: 'release notes 9871' })
        .toolUse('skill', { name: wanted.name, args: 'x' })
        .toolUse('skill', { name: 'release-notes-9871' })
        .text('done')
        .text('forced done')
        .build(),
    );
    const env = childEnv(box, server, BUDGET);
    const res = await run(['-C', box.work, '-p', 'write the release notes'], { env });
    expect(res.code).toBe(0);
    const first = body(server.messageRequests()[0]);
    const bytes = Buffer.byteLength(JSON.stringify(first.system)) + Buffer.byteLength(JSON.stringify(first.tools));
    expect(bytes).toBeLessThan(24 * 1024);
    const lines = listingLines(systemText(server.messageRequests()[0]));
    expect(lines.at(-1)).toMatch(/^\(\d+ more skills are not named here; the skill tool's query finds skills/);
    const skillTool = first.tools!.find((t) => t.name === 'skill')!;
    expect(JSON.stringify(skillTool.input_schema)).not.toContain('enum');

    const found = resultText(toolResults(server.messageRequests()[1]).at(-1)!);
    expect(found).toContain(`- ${wanted.name}: ${wanted.description}`);
    const loaded = toolResults(server.messageRequests()[2]).at(-1)!;
    expect(loaded.is_error ?? false).toBe(false);
    expect(resultText(loaded)).toContain(`Body of ${wanted.name}: follow these steps. Arguments: x`);
    const typo = toolResults(server.messageRequests()[3]).at(-1)!;
    expect(typo.is_error).toBe(true);
    expect(resultText(typo)).toContain(`"${wanted.name}"`);

    const forced = await run(['-C', box.work, '-p', `/${skills[17]!.name} now`], { env });
    expect(forced.code).toBe(0);
    const forcedResult = toolResults(server.messageRequests()[4]).at(-1)!;
    expect(resultText(forcedResult)).toContain(`Body of ${skills[17]!.name}: follow these steps. Arguments: now`);
    // Uses counted: the model's load and the /name load; not the search, not the unknown name.
    const usage = JSON.parse(readFileSync(join(box.state, 'coding-harness', 'skill-usage.json'), 'utf8'));
    expect(usage).toEqual({ version: 1, counts: { [wanted.name]: 1, [skills[17]!.name]: 1 } });
  }, 180_000); // 10,000 skills written, discovered and listed: minutes on a busy machine

  it('a body over 256 KiB is cut with a read_file pointer that reads on from the right line', async () => {
    const box = makeSandbox();
    const parent = join(box.home, '.agents', 'skills');
    const lines = Array.from({ length: 3_000 }, (_, i) => `step ${String(i + 1).padStart(4, '0')} ${'x'.repeat(89)}`);
    mkdirSync(join(parent, 'huge'), { recursive: true });
    const file = join(parent, 'huge', 'SKILL.md');
    writeFileSync(file, `---\nname: huge\ndescription: A skill with a very long body.\n---\n${lines.join('\n')}\n`);
    // 100 bytes a line: 2,621 lines fit in 256 KiB; the rest starts at body line 2,622, file line 2,626.
    const server = await mock(
      new ScriptBuilder()
        .toolUse('skill', { name: 'huge' })
        .toolUse('read_file', { path: file, offset: 2_626, limit: 2 })
        .text('done')
        .build(),
    );
    const res = await run(['-C', box.work, '-p', 'go'], { env: childEnv(box, server) });
    expect(res.code).toBe(0);
    const loaded = resultText(toolResults(server.messageRequests()[1]).at(-1)!);
    expect(loaded).toContain('step 2621 ');
    expect(loaded).not.toContain('step 2622 ');
    expect(loaded).toContain(
      `Read the rest of ${file} with read_file {"path": ${JSON.stringify(file)}, "offset": 2626}, continuing from where each read stops.]`,
    );
    expect(Buffer.byteLength(loaded)).toBeLessThan(256 * 1024 + 2_000);
    const rest = resultText(toolResults(server.messageRequests()[2]).at(-1)!);
    expect(rest).toContain('step 2622 ');
    expect(rest).toContain('step 2623 ');
  });
});
