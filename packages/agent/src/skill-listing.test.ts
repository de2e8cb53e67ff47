import { ScriptBuilder } from '@coding-harness/mock-anthropic';
import { shortenedLine } from '@coding-harness/skills';
import { afterEach, describe, expect, it } from 'vitest';
import { listingBudgetFor, SKILLS_INTRO } from './prompt.js';
import { body, cleanup, setup, turn, writeSkill } from './testing/kit.test.util.js';

afterEach(cleanup);

/** 60 skills of ~200-character descriptions: about 13,000 characters of listing in full. */
const sixty = async (root: string): Promise<void> => {
  for (let i = 0; i < 60; i++) {
    const name = `helper-${String(i).padStart(2, '0')}`;
    await writeSkill(
      root,
      name,
      `Helps with task ${i}. ${'Explains what it does in some detail. '.repeat(5)}`,
      'Body.',
    );
  }
};

const listingOf = (server: Awaited<ReturnType<typeof setup>>['server']): string[] => {
  const text = (body(server, 0).system as { text: string }[]).at(-1)!.text;
  expect(text.startsWith(SKILLS_INTRO)).toBe(true);
  return text.slice(text.indexOf('Available skills:\n') + 'Available skills:\n'.length).split('\n');
};

const described = (lines: string[]): string[] => lines.filter((l) => l.includes(': ')).map((l) => l.slice(2, 11));

describe('the skills listing budget', () => {
  it('is 1% of the model window at 4 characters a token unless the caller sets one', async () => {
    expect(listingBudgetFor(200_000)).toBe(8_000);
    expect(listingBudgetFor(1_000_000)).toBe(40_000);
    // claude-sonnet-5-5 has a 1M window: 40,000 characters hold all sixty whole.
    const wide = await setup(new ScriptBuilder().text('ok').build(), { skills: sixty });
    await turn(wide.agent, 'hi');
    expect(described(listingOf(wide.server))).toHaveLength(60);
    // A 200k model: 8,000 characters; every name stays, the rest says what was shortened.
    const narrow = await setup(new ScriptBuilder().text('ok').build(), {
      skills: sixty,
      agent: { model: 'claude-sonnet-4-5' },
    });
    await turn(narrow.agent, 'hi');
    const lines = listingOf(narrow.server);
    expect(lines.join('\n').length).toBeLessThanOrEqual(8_000);
    expect(lines.filter((l) => l.startsWith('- helper-'))).toHaveLength(60);
    const whole = described(lines).length;
    expect(whole).toBeGreaterThan(20);
    expect(lines.at(-1)).toBe(shortenedLine(60 - whole));
  });

  it('takes the caller budget and usage counts: the most used skills keep their descriptions', async () => {
    const { agent, server } = await setup(new ScriptBuilder().text('ok').build(), {
      skills: sixty,
      agent: { skillListing: { budgetChars: 1_300, usage: { 'helper-59': 9, 'helper-58': 2 } } },
    });
    await turn(agent, 'hi');
    const lines = listingOf(server);
    expect(lines.join('\n').length).toBeLessThanOrEqual(1_300);
    expect(described(lines)).toEqual(['helper-58', 'helper-59']);
    expect(lines[0]).toBe('- helper-00');
  });
});
