import type { AgentEvent } from '@coding-harness/agent';
import { describe, expect, it } from 'vitest';
import { FakeBackend } from './fake-backend.js';
import { fakeTerminal, KEY } from './fake-terminal.test.helper.js';
import { layoutTranscript } from './layout.js';
import { reduce } from './reduce.js';
import { toolTarget } from './tool-target.js';
import { initialState, type ViewState } from './view-state.js';

const rows = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}`).join('\n');
/** Tool call `id`, then `n` lines of assistant text. */
function call(id: string, n: number): AgentEvent[] {
  return [
    { type: 'tool_call_started', id, name: 'read_file', input: {}, summary: `${id}.txt`, forced: false },
    {
      type: 'tool_call_finished',
      id,
      name: 'read_file',
      isError: false,
      display: '3 lines',
      content: rows(`${id}-secret`, 3),
    },
    { type: 'assistant_message', text: rows(`${id}-text`, n), stopReason: 'end_turn' },
  ];
}
function session(events: AgentEvent[]): ViewState {
  return events.reduce(
    (s, event) => reduce(s, { type: 'agent', event, now: 0 }),
    initialState({ model: 'm', workroot: '/w', skillCount: 0 }),
  );
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
      { type: 'tool_call_started', id: 'x', name: 'read_file', input: {}, summary: 'x', forced: false },
      {
        type: 'tool_call_finished',
        id: 'x',
        name: 'read_file',
        isError: false,
        display: '100 lines',
        content: rows('line', 100),
      },
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
    const text = session([
      ...call('a', 2),
      { type: 'assistant_message', text: rows('tail', 50), stopReason: 'end_turn' },
    ]);
    expect(toolTarget(text, 80, 10)).toEqual({});
  });
});

describe('Ctrl-O on the screen', () => {
  it('PageUp to an older tool call, Ctrl-O expands that one, not the latest', async () => {
    const backend = new FakeBackend({ turns: [[...call('old', 40), ...call('new', 3)]] });
    const t = await fakeTerminal(backend);
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
