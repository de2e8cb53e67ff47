import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { afterEach, describe, expect, it } from 'vitest';
import { fitReattached, reattachPointer, REATTACH_SKILL_CHARS, REATTACH_TOTAL_CHARS } from './compaction-skills.js';
import { body, cleanup, ofType, setup, tempDir, turn, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

const skill = (name: string, chars: number): { name: string; args: string; content: string } => ({
  name,
  args: '',
  content: `${'line of the skill body\n'.repeat(Math.ceil(chars / 23))}`.slice(0, chars),
});

describe('the re-attach budget', () => {
  it('keeps skills within about 5k tokens whole, newest first, in the order given', () => {
    const fitted = fitReattached([skill('b', 500), skill('a', 800)]);
    expect(fitted.map((s) => [s.name, s.content.length, s.cut ?? false, s.omitted ?? false])).toEqual([
      ['b', 500, false, false],
      ['a', 800, false, false],
    ]);
  });

  it('cuts a skill over about 5k tokens at a line break, ending with a pointer to the whole skill', () => {
    const [big] = fitReattached([skill('big', 60_000)]);
    expect(big!.cut).toBe(true);
    expect(big!.content.length).toBeLessThanOrEqual(REATTACH_SKILL_CHARS);
    expect(big!.content.endsWith(`line of the skill body\n\n${reattachPointer('big')}`)).toBe(true);
  });

  it('spends about 25k tokens in all: later (older) skills are cut to what is left, then only named', () => {
    const skills = Array.from({ length: 7 }, (_, i) => skill(`s${i}`, 19_000));
    const fitted = fitReattached(skills);
    const total = fitted.reduce((n, s) => n + s.content.length, 0);
    expect(total).toBeLessThanOrEqual(REATTACH_TOTAL_CHARS);
    expect(fitted.slice(0, 5).every((s) => !s.cut && !s.omitted)).toBe(true);
    expect(fitted[5]!.cut).toBe(true);
    // 5 x 19,000 leaves 5,000 characters: the sixth is cut to them, pointer included.
    expect(fitted[5]!.content.length).toBeLessThanOrEqual(5_000);
    expect(fitted[5]!.content.length).toBeGreaterThan(4_500);
    expect(fitted[6]).toEqual({ name: 's6', args: '', content: '', omitted: true });
  });
});

describe('a harness-written compaction with a large and a small skill (claude-fable-5-2: no server compaction)', () => {
  it('re-attaches the newest first, the large one cut with a pointer, within the budget', async () => {
    const workroot = await tempDir('agent-root-');
    await writeFile(join(workroot, 'big.txt'), `${'x'.repeat(90)}\n`.repeat(400));
    const script = new ScriptBuilder()
      .text('loaded huge')
      .toolUse('read_file', { path: 'big.txt' })
      .text('loaded small and read big.txt')
      .text('SUMMARY: two skills, one file.', { match: 'about to be compacted' })
      .text('Continuing.')
      .build();
    const { agent, server } = await setup(script, {
      workroot,
      skills: async (root) => {
        await writeSkill(root, 'huge-skill', 'A skill with a long body.', 'Huge step.\n'.repeat(4_000));
        await writeSkill(root, 'small-skill', 'A short skill.', 'Small step only.');
      },
      agent: { model: 'claude-fable-5-2', contextWindow: 20_000 },
    });
    await turn(agent, '/huge-skill');
    await turn(agent, '/small-skill');
    const third = await turn(agent, 'what next?');
    expect(ofType(third, 'compaction')[0]!.reattachedSkills).toEqual(['small-skill', 'huge-skill']);
    const after = body(server, server.messageRequests().length - 1).messages;
    const texts = after[0]!.content.map((b) => (b.type === 'text' ? String(b.text) : ''));
    expect(texts[1]).toContain('The skill "small-skill" was invoked earlier');
    expect(texts[1]).toContain('Small step only.');
    expect(texts[2]).toContain('The skill "huge-skill" was invoked earlier');
    expect(texts[2]!.endsWith(reattachPointer('huge-skill'))).toBe(true);
    expect(texts[2]!.length).toBeLessThan(REATTACH_SKILL_CHARS + 200);
  });
});
