import { describe, expect, it } from 'vitest';
import { FakeSession } from './fake-session.js';
import { eventually, fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { searchKey, startSearch, type HistorySearch } from './history-search.js';

const HISTORY = ['npm test', 'git status', 'npm run build', 'fix the greeting'];
const typed = (text: string): HistorySearch => {
  let s = startSearch(HISTORY);
  for (const ch of text) {
    const r = searchKey(s, HISTORY, ch, ch, ch);
    if (r.type !== 'state') throw new Error(r.type);
    s = r.state;
  }
  return s;
};

describe('Ctrl-R history search, pure', () => {
  it('typing finds the newest entry containing the query; Ctrl-R again the next older one', () => {
    expect(typed('npm')).toEqual({ query: 'npm', match: 2 });
    expect(searchKey(typed('npm'), HISTORY, 'r', 'C-r', '\x12')).toEqual({
      type: 'state',
      state: { query: 'npm', match: 0 },
    });
    expect(searchKey({ query: 'npm', match: 0 }, HISTORY, 'r', 'C-r', '\x12')).toEqual({
      type: 'state',
      state: { query: 'npm', match: 0 },
    });
    expect(typed('NPM T')).toEqual({ query: 'NPM T', match: 0 });
    expect(typed('zzz').match).toBeUndefined();
  });

  it('Enter uses the match, Esc cancels, Backspace widens', () => {
    expect(searchKey(typed('git'), HISTORY, 'return', 'return', '\r')).toEqual({ type: 'accept', text: 'git status' });
    expect(searchKey(typed('git'), HISTORY, 'escape', 'escape', undefined)).toEqual({ type: 'cancel' });
    expect(searchKey(typed('zzz'), HISTORY, 'return', 'return', '\r')).toEqual({ type: 'cancel' });
    expect(searchKey(typed('npm t'), HISTORY, 'backspace', 'backspace', undefined)).toEqual({
      type: 'state',
      state: { query: 'npm ', match: 2 },
    });
  });
});

describe('Ctrl-R on the screen', () => {
  it('shows the match in the input; Enter puts it there without sending', async () => {
    const session = new FakeSession();
    const prompts = { load: () => [...HISTORY].reverse(), add: () => undefined };
    const t = await fakeTerminal(session, { client: { prompts } });
    await t.press('\x12');
    await t.see('history search:');
    await t.type('npm');
    await t.see('› npm run build');
    await t.press('\x12');
    await t.see('› npm test');
    await t.press(KEY.enter);
    expect(t.app.input.text).toBe('npm test');
    expect(session.sent).toEqual([]);
    await eventually(() => expect(t.text()).not.toContain('history search:'));
    await t.press(KEY.enter);
    await eventually(() => expect(session.sent).toEqual(['npm test']));
    await t.press(KEY.ctrlC, KEY.ctrlC);
    await t.exit;
  });
});
