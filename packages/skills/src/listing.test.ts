import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatListing, shortenedLine } from './listing.js';
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

  it('over budget, trims the longest descriptions first', () => {
    const skills = [skill('long', 'L'.repeat(400)), skill('mid', 'M'.repeat(100)), skill('short', 'S'.repeat(30))];
    const text = formatListing(skills, { budgetChars: 300 });
    const lines = text.split('\n');
    expect(text.length).toBeLessThanOrEqual(300);
    expect(lines[2]).toBe(`- short: ${'S'.repeat(30)}`);
    expect(lines[0]).toMatch(/^- long: L+…$/);
    expect(lines[1]).toMatch(/^- mid: M+…$/);
    expect(lines[0]?.length).toBe(lines[1]!.length - '- mid: '.length + '- long: '.length);
    expect(lines[3]).toBe(shortenedLine(2));
  });

  it('falls back to bare names and never drops a skill', () => {
    const skills = Array.from({ length: 40 }, (_, i) =>
      skill(`skill-${i}`, `Description number ${i} that is fairly long to matter.`),
    );
    const text = formatListing(skills, { budgetChars: 600 });
    const lines = text.split('\n');
    expect(lines).toHaveLength(41);
    expect(lines.filter((l) => /^- skill-\d+$/.test(l)).length).toBeGreaterThan(0);
    expect(lines[40]).toBe(shortenedLine(40));
    for (const s of skills) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^- ${s.name}(:|$)`)));
  });

  it('gives the same bytes for the same skills in any order', () => {
    const skills = Array.from({ length: 30 }, (_, i) => skill(`s${(i * 7) % 30}`, `d${'x'.repeat(i * 13)}`));
    const once = formatListing(skills, { budgetChars: 1500 });
    expect(formatListing([...skills].reverse(), { budgetChars: 1500 })).toBe(once);
    expect(formatListing(skills, { budgetChars: 1500 })).toBe(once);
  });

  it('never drops a listed skill, stays within budget when names fit, and is deterministic (property)', () => {
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
        const lines = text.split('\n');
        for (const s of listed)
          expect(lines.some((l) => l === `- ${s.name}` || l.startsWith(`- ${s.name}: `))).toBe(true);
        const bare = listed.reduce((n, s) => n + s.name.length + 3, 0) + shortenedLine(listed.length).length;
        if (bare <= budget) expect(text.length).toBeLessThanOrEqual(budget);
      }),
    );
  });
});
