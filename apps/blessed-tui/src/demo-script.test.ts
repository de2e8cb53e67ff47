import { discoverySummary } from '@coding-harness/session';
import { describe, expect, it } from 'vitest';
import { demoSession } from './demo-script.js';

describe('the --demo-fake session', () => {
  it('says at start-up what a real start-up says for one skipped skill: one summary line', () => {
    const problem = { path: '/home/u/.agents/skills/broken/SKILL.md', message: 'description is missing' };
    expect(demoSession().info.startupMessages).toEqual(
      discoverySummary({ skills: [], problems: [problem], notes: [] }),
    );
  });
});
