/** The harness's rule table, pinned: approval's tests read the same file. */
import fs from 'node:fs';
import { BUILTIN_TOOL_NAMES, builtinRuleNames } from '@coding-harness/tools';
import { describe, expect, it } from 'vitest';
import { SKILL_RULES } from './skills/skill.js';

describe('the rule table of the built-in tools and the skill tool', () => {
  it('is pinned in fixtures/rule-names.json (approval tests read it)', () => {
    const stored = fs.readFileSync(new URL('../fixtures/rule-names.json', import.meta.url), 'utf8');
    const table = builtinRuleNames([SKILL_RULES]);
    expect(`${JSON.stringify(table, null, 2)}\n`).toBe(stored);
    expect(table.map((e) => e.name)).toEqual([...BUILTIN_TOOL_NAMES, 'skill']);
  });
});
