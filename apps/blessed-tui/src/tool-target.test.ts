import type { SessionEvent } from '@coding-harness/protocol';
import { describe, expect, it } from 'vitest';
import { FakeSession } from './fake-session.js';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { toolTarget } from './tool-target.js';
import { finished, freshView, messageEnd, started } from './test-events.test.helper.js';
import type { ViewState } from './view-state.js';

const rows = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}`).join('\n');
/** Tool call `id`, then `n` lines of assistant text. */
function call(id: string, n: number): SessionEvent[] {
  return [
    started(id, 'read_file', 'read', `${id}.txt`),
    finished(id, 'read_file', '3 lines', rows(`${id}-secret`, 3)),
    messageEnd(rows(`${id}-text`, n)),
  ];
}
function session(events: SessionEvent[]): ViewState {
  return events.reduce((s, event) => reduce(s, { type: 'event', event, now: 0 }), freshView());
}
const scrollBy = (s: ViewState, by: number, height: number) =>
  reduce(s, { type: 'scroll', by, total: layoutTranscript(s, 80).total, height });

describe('which tool call Ctrl-O toggles', () => {
  const s = session([...call('a', 30), ...call('b', 30), ...call('c', 5)]);

  it('following the output: the lowest call on screen, the latest', () => {
    expect(toolTarget(s, 80, 20)).toEqual({ id: 'c' });
  });

  it('scrolled up: the lowest call on screen, not the latest', () => {
    const up = scrollBy(s, -25, 20); // lines 26-45: the end of a's text, b's call (line 32)
    expect(toolTarget(up, 80, 20)).toEqual({ id: 'b' });
    const top = scrollBy(s, -1000, 20);
    expect(toolTarget(top, 80, 20)).toEqual({ id: 'a' });
  });

  it('inside an expanded result with no call on screen: that call, and the view moves to its first line', () => {
    let big = session([
      started('x', 'read_file', 'read', 'x'),
      finished('x', 'read_file', '100 lines', rows('line', 100)),
      ...call('y', 30),
    ]);
    big = reduce(big, { type: 'toggle_tool', id: 'x' });
    big = scrollBy(big, -1000, 10);
    big = scrollBy(big, 20, 10);
    expect(toolTarget(big, 80, 10)).toEqual({ id: 'x', top: 0 });
    const collapsed = reduce(big, { type: 'toggle_tool', ...toolTarget(big, 80, 10) });
    expect(collapsed.scroll.top).toBe(0);
    expect(
      layoutTranscript(collapsed, 80)
        .slice(0, 2)
        .map((l) => l.text),
    ).toEqual(['● read_file x', '  ⎿ 100 lines  (Ctrl-O expands)']);
  });

  it('no call at all on screen or around it: the latest (as before)', () => {
    const text = session([...call('a', 2), messageEnd(rows('tail', 50))]);
    expect(toolTarget(text, 80, 10)).toEqual({});
  });
});

describe('Ctrl-O on the screen', () => {
  it('PageUp to an older tool call, Ctrl-O expands that one, not the latest', async () => {
    const session = new FakeSession({ turns: [[...call('old', 40), ...call('new', 3)]] });
    const t = await fakeTerminal(session);
    await t.type('go');
    await t.press(KEY.enter);
    await t.see('new-text-2');
    await t.press(KEY.pageUp, KEY.pageUp);
    await t.see('● read_file old.txt');
    await t.press(KEY.ctrlO);
    await t.see('old-secret-2');
    const items = t.app.state.items.filter((i) => i.kind === 'tool');
    expect(items.map((i) => i.kind === 'tool' && [i.id, i.expanded])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    await t.press(KEY.ctrlC, KEY.ctrlC);
    expect(await t.exit).toBe(0);
  });
});
