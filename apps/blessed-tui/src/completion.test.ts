import { describe, expect, it } from 'vitest';
import { SLASH_COMMANDS } from '@coding-harness/session';
import { completions, menuKey, moveSelection } from './completion.js';
import { SUMMARIES as SKILLS } from './test-skills.test.helper.js';

const labels = (input: string) => completions(input, SKILLS).map((c) => c.label);

describe('completions: the / menu', () => {
  it('a lone / lists the commands, then user-invocable skills', () => {
    expect(labels('/')).toEqual([...SLASH_COMMANDS.map((c) => `/${c}`), '/demo-skill', '/release-notes']);
    expect(labels('/').slice(0, 3)).toEqual(['/help', '/skills', '/reload-skills']);
  });

  it('narrows by prefix', () => {
    expect(labels('/s')).toEqual(SLASH_COMMANDS.filter((c) => c.startsWith('s')).map((c) => `/${c}`));
    expect(labels('/sk')).toEqual(['/skills']);
    expect(labels('/de')).toEqual(['/demo-skill']);
    expect(labels('/RELE')).toEqual(['/release-notes']);
  });

  it('/skill: lists skills in the long form', () => {
    expect(labels('/skill:')).toEqual(['/skill:demo-skill', '/skill:release-notes']);
  });

  it('Tab inserts a command bare and a skill with a space for its arguments', () => {
    const [help] = completions('/he', SKILLS);
    const [demo] = completions('/dem', SKILLS);
    expect(help?.insert).toBe('/help');
    expect(completions('/mod', SKILLS).map((c) => c.insert)).toEqual(['/mode ', '/model ']);
    expect(demo?.insert).toBe('/demo-skill ');
  });

  it('closes once the input is not a single /word', () => {
    expect(labels('')).toEqual([]);
    expect(labels('hello')).toEqual([]);
    expect(labels('/demo-skill ')).toEqual([]);
    expect(labels('/zzz')).toEqual([]);
  });

  it('the selection wraps around', () => {
    expect(moveSelection(0, -1, 3)).toBe(2);
    expect(moveSelection(2, 1, 3)).toBe(0);
    expect(moveSelection(0, 1, 0)).toBe(0);
  });
});

describe('menu keys', () => {
  const items = completions('/he', SKILLS);
  const menu = { selected: 0, dismissedFor: undefined };
  it("↑↓ move (wrapping), Tab completes, Esc dismisses for this text, other keys are not the menu's", () => {
    expect(menuKey(menu, items, 'up', '/he')?.menu.selected).toBe(items.length - 1);
    expect(menuKey(menu, items, 'tab', '/he')).toEqual({ menu, insert: '/help' });
    expect(menuKey(menu, items, 'escape', '/he')).toEqual({ menu: { selected: 0, dismissedFor: '/he' } });
    expect(menuKey(menu, items, 'a', '/he')).toBeUndefined();
    expect(menuKey(menu, [], 'tab', 'x')).toBeUndefined();
  });
});
