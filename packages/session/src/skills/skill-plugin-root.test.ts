import { describe, expect, it } from 'vitest';
import { expandSkillText } from './skill-arguments.js';

describe('${CLAUDE_PLUGIN_ROOT} in a skill body', () => {
  it('is the plugin folder for a plugin skill, inserted once (never read as syntax again)', () => {
    const out = expandSkillText('Run ${CLAUDE_PLUGIN_ROOT}/scripts/check.sh on $ARGUMENTS', {
      args: 'src',
      skillDir: '/p/skills/s',
      pluginRoot: '/p/$1',
    });
    expect(out.text).toBe('Run /p/$1/scripts/check.sh on src');
    expect(out.inserted).toEqual([
      [4, 9],
      [30, 33],
    ]);
  });

  it('stays as written for a skill outside a plugin, and does not count as an argument placeholder', () => {
    const out = expandSkillText('See ${CLAUDE_PLUGIN_ROOT}/x', { args: 'a b', skillDir: '/s' });
    expect(out.text).toBe('See ${CLAUDE_PLUGIN_ROOT}/x\n\nARGUMENTS: a b');
  });
});
