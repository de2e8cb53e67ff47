import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatListing, shortenedLine, unnamedLine } from './listing.js';
import type { Skill } from './types.js';

function skill(name: string, description: string, extra: Partial<Skill> = {}): Skill {
  return {
    name,
    description,
    dir: `/s/${name}`,
    file: `/s/${name}/SKILL.md`,
    source: 'personal',
    root: '/s',
    allowedTools: [],
    userInvocable: true,
    disableModelInvocation: false,
    extra: {},
    ...extra,
  };
}

/** `n` skills named and described the way real collections write them (about 240 characters). */
function synthetic(n: number): Skill[] {
  const topics = ['pdf forms', 'release notes', 'terraform plans', 'sql migrations', 'api reviews', 'flaky tests'];
  return Array.from({ length: n }, (_, i) => {
    const topic = topics[i % topics.length]!;
    const name = `${topic.replace(' ', '-')}-${String(i).padStart(5, '0')}`;
    const description = `Use when the user asks to work on ${topic} (variant ${i}): reads the inputs, checks them against the house conventions, proposes the change step by step and verifies the result with the project's own tools before reporting back.`;
    return skill(name, description);
  });
}

describe('formatListing', () => {
  it('writes one "- name: description" line per model-invocable skill, sorted by name', () => {
    const text = formatListing([
      skill('zeta', 'Last.'),
      skill('alpha', 'First.'),
      skill('hidden', 'Manual only.', { disableModelInvocation: true }),
    ]);
    expect(text).toBe('- alpha: First.\n- zeta: Last.');
  });

  it('is empty when no skill is model-invocable', () => {
    expect(formatListing([])).toBe('');
    expect(formatListing([skill('a', 'x', { disableModelInvocation: true })])).toBe('');
  });

  it('puts a multi-line description on one line', () => {
    expect(formatListing([skill('a', 'line one\nline  two')])).toBe('- a: line one line two');
  });

  it('caps each description with … and says so', () => {
    const text = formatListing([skill('a', 'x'.repeat(50)), skill('b', 'short')], { descriptionCap: 10 });
    expect(text).toBe(`- a: ${'x'.repeat(9)}…\n- b: short\n${shortenedLine(1)}`);
  });

  it('appends when_to_use to the description, and the two share the cap', () => {
    expect(formatListing([skill('a', 'Tidies notes.', { whenToUse: 'when asked\nto tidy' })])).toBe(
      '- a: Tidies notes. - when asked to tidy',
    );
    const text = formatListing([skill('a', 'x'.repeat(8), { whenToUse: 'y'.repeat(8) })], { descriptionCap: 12 });
    expect(text.split('\n')[0]).toBe(`- a: ${'x'.repeat(8)} -…`);
  });

  it('over budget, keeps every name and gives whole descriptions to the most used skills first', () => {
    const skills = ['alpha', 'beta', 'gamma', 'delta'].map((n) => skill(n, `${n} `.repeat(20).trim()));
    const text = formatListing(skills, { budgetChars: 400, usage: { gamma: 5, delta: 2 } });
    expect(text.length).toBeLessThanOrEqual(400);
    expect(text.split('\n')).toEqual([
      '- alpha',
      '- beta',
      `- delta: ${'delta '.repeat(20).trim()}`,
      `- gamma: ${'gamma '.repeat(20).trim()}`,
      shortenedLine(2),
    ]);
  });

  it('passes over a description that does not fit for shorter ones ranked below it', () => {
    const skills = [skill('a-long', 'L'.repeat(400)), skill('b-short', 'short one'), skill('c-short', 'short two')];
    const text = formatListing(skills, { budgetChars: 200 });
    expect(text.split('\n')).toEqual(['- a-long', '- b-short: short one', '- c-short: short two', shortenedLine(1)]);
  });

  it('fills what is left with a cut description of the first skill without one', () => {
    const skills = [skill('a', 'A'.repeat(300)), skill('b', 'B'.repeat(300))];
    const text = formatListing(skills, { budgetChars: 500 });
    const lines = text.split('\n');
    expect(lines[0]).toBe(`- a: ${'A'.repeat(300)}`);
    expect(lines[1]).toMatch(/^- b: B{80,}…$/);
    expect(lines[2]).toBe(shortenedLine(1));
    expect(text.length).toBeLessThanOrEqual(500);
  });

  it('has no cliff: 201 to 204 synthetic skills in 8,000 characters each keep a dozen descriptions whole', () => {
    const counts: number[] = [];
    for (const n of [201, 202, 203, 204]) {
      const skills = synthetic(n);
      const text = formatListing(skills, { budgetChars: 8_000 });
      expect(text.length).toBeLessThanOrEqual(8_000);
      const lines = text.split('\n');
      for (const s of skills)
        expect(lines.some((l) => l === `- ${s.name}` || l.startsWith(`- ${s.name}: `))).toBe(true);
      const whole = skills.filter((s) => lines.includes(`- ${s.name}: ${s.description}`)).length;
      expect(whole).toBeGreaterThanOrEqual(12);
      counts.push(whole);
    }
    for (let i = 1; i < counts.length; i++) expect(counts[i - 1]! - counts[i]!).toBeLessThanOrEqual(1);
  });

  it('when not even the names fit, stays within budget and says how many skills are not named', () => {
    const skills = synthetic(10_000);
    const text = formatListing(skills, { budgetChars: 8_000, usage: { [skills[9_999]!.name]: 3 } });
    expect(text.length).toBeLessThanOrEqual(8_000);
    const lines = text.split('\n');
    const named = lines.filter((l) => l.startsWith('- ')).map((l) => l.slice(2).split(':')[0]!);
    expect(named).toContain(skills[9_999]!.name);
    expect(lines.find((l) => l.startsWith(`- ${skills[9_999]!.name}: `))).toBe(
      `- ${skills[9_999]!.name}: ${skills[9_999]!.description}`,
    );
    expect(lines.at(-1)).toBe(unnamedLine(10_000 - named.length));
    expect(named.length).toBeGreaterThan(250);
  });

  it('gives the same bytes for the same skills in any order', () => {
    const skills = Array.from({ length: 30 }, (_, i) => skill(`s${(i * 7) % 30}`, `d${'x'.repeat(i * 13)}`));
    const once = formatListing(skills, { budgetChars: 1500 });
    expect(formatListing([...skills].reverse(), { budgetChars: 1500 })).toBe(once);
    expect(formatListing(skills, { budgetChars: 1500 })).toBe(once);
  });

  it('stays within budget, names or counts every listed skill, and is deterministic (property)', () => {
    const arb = fc.array(
      fc.record({
        name: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,12}$/),
        description: fc.string({ minLength: 1, maxLength: 300 }),
        off: fc.boolean(),
      }),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 400 }), (raw, budget, cap) => {
        const unique = [...new Map(raw.map((r) => [r.name, r])).values()];
        const skills = unique.map((r) => skill(r.name, r.description.trim() || 'x', { disableModelInvocation: r.off }));
        const text = formatListing(skills, { budgetChars: budget, descriptionCap: cap });
        expect(formatListing([...skills].reverse(), { budgetChars: budget, descriptionCap: cap })).toBe(text);
        const listed = skills.filter((s) => !s.disableModelInvocation);
        if (listed.length === 0) {
          expect(text).toBe('');
          return;
        }
        expect(text.length).toBeLessThanOrEqual(budget);
        if (text === '') return;
        const lines = text.split('\n');
        const named = listed.filter((s) => lines.some((l) => l === `- ${s.name}` || l.startsWith(`- ${s.name}: `)));
        const unnamed = listed.length - named.length;
        if (unnamed > 0) expect(lines.at(-1)).toBe(unnamedLine(unnamed));
        else expect(lines.at(-1)?.startsWith('(')).toBe(lines.length > listed.length);
      }),
    );
  });

  it('gives the same bytes for skills in name order (one pass) as in any other order, with and without usage (property)', () => {
    const arb = fc.uniqueArray(
      fc.record({
        name: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/),
        description: fc.string({ minLength: 1, maxLength: 120 }),
        off: fc.nat({ max: 9 }).map((n) => n === 0),
        uses: fc.nat({ max: 9 }).map((n) => Math.max(0, n - 6)),
      }),
      { selector: (r) => r.name, minLength: 20, maxLength: 80, size: 'large' },
    );
    // Budgets around what the names and the closing lines cost, so that often only some names fit.
    fc.assert(
      fc.property(arb, fc.integer({ min: 220, max: 900 }), fc.boolean(), (raw, budget, counted) => {
        const skills = raw.map((r) => skill(r.name, r.description.trim() || 'x', { disableModelInvocation: r.off }));
        const sorted = [...skills].sort((a, b) => (a.name < b.name ? -1 : 1));
        const usage = counted ? Object.fromEntries(raw.map((r) => [r.name, r.uses])) : {};
        const inOrder = formatListing(sorted, { budgetChars: budget, usage });
        expect(formatListing([...sorted].reverse(), { budgetChars: budget, usage })).toBe(inOrder);
        expect(formatListing([...sorted, ...sorted.slice(0, 1)], { budgetChars: budget, usage })).toBe(inOrder);
      }),
      { numRuns: 300 },
    );
  });
});
