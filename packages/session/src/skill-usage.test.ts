import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listingBudgetFromEnv } from './listing-budget.js';
import { readSkillUsage, recordSkillUse, skillUsageFile } from './skill-usage.js';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skill-usage-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('skill usage counts', () => {
  it('live under the XDG state dir, else ~/.local/state', () => {
    expect(skillUsageFile({ XDG_STATE_HOME: '/x/state' }, '/home/u')).toBe('/x/state/coding-harness/skill-usage.json');
    expect(skillUsageFile({ XDG_STATE_HOME: 'relative' }, '/home/u')).toBe(
      '/home/u/.local/state/coding-harness/skill-usage.json',
    );
    expect(skillUsageFile({}, '/home/u')).toBe('/home/u/.local/state/coding-harness/skill-usage.json');
  });

  it('start empty and silent without a file, and count each recorded use', () => {
    const file = path.join(tmp, 'state', 'coding-harness', 'skill-usage.json');
    expect(readSkillUsage(file)).toEqual({ counts: {} });
    expect(recordSkillUse(file, 'review')).toBeUndefined();
    expect(recordSkillUse(file, 'deploy')).toBeUndefined();
    expect(recordSkillUse(file, 'review')).toBeUndefined();
    expect(readSkillUsage(file)).toEqual({ counts: { deploy: 1, review: 2 } });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ version: 1, counts: { deploy: 1, review: 2 } });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['skill-usage.json']);
  });

  it('treat a corrupt file as a notice naming it, and the next use rewrites it', () => {
    const file = path.join(tmp, 'skill-usage.json');
    fs.writeFileSync(file, '{"counts": {"review": 3');
    const read = readSkillUsage(file);
    expect(read.counts).toEqual({});
    expect(read.notice).toContain(file);
    expect(read.notice).toContain('not JSON');
    expect(recordSkillUse(file, 'review')).toBeUndefined();
    expect(readSkillUsage(file)).toEqual({ counts: { review: 1 } });
    fs.writeFileSync(file, '[1, 2]');
    expect(readSkillUsage(file).notice).toContain('no "counts" object');
  });

  it('keep only whole positive counts, and never use __proto__ as a prototype', () => {
    const file = path.join(tmp, 'skill-usage.json');
    fs.writeFileSync(file, '{"counts": {"a": 2, "b": -1, "c": 1.5, "d": "3", "__proto__": 4}}');
    const { counts } = readSkillUsage(file);
    expect({ ...counts }).toEqual({ a: 2, ['__proto__']: 4 });
    expect(Object.getPrototypeOf(counts)).toBeNull();
  });

  it('report a write that fails as a message naming the file, leaving no temporary file', () => {
    const blocker = path.join(tmp, 'file');
    fs.writeFileSync(blocker, '');
    const file = path.join(blocker, 'skill-usage.json');
    expect(recordSkillUse(file, 'x')).toMatch(new RegExp(`^skill usage not recorded: ${file} .*\\(ENOTDIR\\)`));
    expect(fs.readdirSync(tmp)).toEqual(['file']);
  });
});

describe('SLASH_COMMAND_TOOL_CHAR_BUDGET', () => {
  it('sets the listing budget in characters when it is a whole number; otherwise a notice', () => {
    expect(listingBudgetFromEnv({})).toEqual({});
    expect(listingBudgetFromEnv({ SLASH_COMMAND_TOOL_CHAR_BUDGET: '' })).toEqual({});
    expect(listingBudgetFromEnv({ SLASH_COMMAND_TOOL_CHAR_BUDGET: ' 8000 ' })).toEqual({ budget: 8000 });
    expect(listingBudgetFromEnv({ SLASH_COMMAND_TOOL_CHAR_BUDGET: '8k' }).notice).toContain(
      'SLASH_COMMAND_TOOL_CHAR_BUDGET="8k" is not a whole number',
    );
  });
});
